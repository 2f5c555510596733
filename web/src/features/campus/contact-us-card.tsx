import { SUPPORT_CONTACT } from '@campus/shared/layout';
import { Icon } from '../../lib/icon.tsx';

/** spec 1 §1: the generic site's 'Contact Us' card, a support e-mail and a direct-message link. */
export function ContactUsCard() {
  return (
    <section className="card side-card" aria-labelledby="contact-us-title">
      <h2 id="contact-us-title" className="side-card__title">
        Contact Us
      </h2>
      <ul className="side-card__facts">
        <li>
          <Icon name="mail" size={18} />
          <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a>
        </li>
        <li>
          <Icon name="message" size={18} />
          <a href={SUPPORT_CONTACT.directMessageUrl} target="_blank" rel="noreferrer">
            {SUPPORT_CONTACT.directMessageLabel}
          </a>
        </li>
      </ul>
    </section>
  );
}
