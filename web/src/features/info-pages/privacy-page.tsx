import {
  INFO_PAGE_TITLES,
  PRIVACY_CONTACT_EMAIL,
  PRIVACY_LAST_UPDATED,
  PRIVACY_NOT_SOLD_UNDER_AGE,
} from '@campus/shared/info-pages';
import { Link } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { InfoPage } from './info-page.tsx';
import { InfoSection } from './info-section.tsx';

/** spec 3 §2 Privacy Policy: collected, uses, sharing, choices, California, contact; a #cookies section. */
export function PrivacyPage() {
  const site = `${useCampus().shortName} Buy / Sell`;
  const mailto = `mailto:${PRIVACY_CONTACT_EMAIL}`;
  return (
    <InfoPage title={INFO_PAGE_TITLES.privacy} updated={PRIVACY_LAST_UPDATED}>
      <p>
        This policy explains what Campus Buy/Sell, Inc. learns about you when you use {site}, what we do with it, and
        the choices you have. We collect what the community needs to work, and no more.
      </p>
      <InfoSection title="Information we collect">
        <ul>
          <li>
            What you give us: your name, username, e-mail and school e-mail, profile photo, and optional details such as
            phone, gender and birth date.
          </li>
          <li>What you post: listings, photos, comments, messages and saves.</li>
          <li>
            Payments, where in-app payments exist: our payment provider handles card details; we keep the amount, date
            and status.
          </li>
          <li>
            From your device: IP address, browser, pages visited and, if you allow it, an approximate location to check
            that you are near campus.
          </li>
        </ul>
      </InfoSection>
      <InfoSection title="How we use it">
        <p>
          To run your account and the feed, deliver messages and notifications, verify that members belong to the
          school, keep the community safe, measure boosted posts, answer support requests and improve the site.
        </p>
      </InfoSection>
      <InfoSection title="How we share it">
        <p>
          Your public profile and posts are visible to other members of the campus community. We share data with service
          providers who run parts of the site for us (hosting, e-mail, payments) under contract, and when the law
          requires it or to protect someone's safety. We do not sell the personal data of users under{' '}
          {PRIVACY_NOT_SOLD_UNDER_AGE}.
        </p>
      </InfoSection>
      <InfoSection title="Your choices">
        <p>
          You can edit your profile and <Link to="/settings/account">account settings</Link>, turn notification e-mails
          and push notifications off, delete your posts, and ask us to delete your account and its data.
        </p>
      </InfoSection>
      <InfoSection id="cookies" title="Cookies">
        <p>
          We use a small number of cookies and similar browser storage: one to keep you signed in, and local storage so
          the site opens quickly and works offline. We do not use advertising cookies from other companies. Blocking
          cookies will sign you out.
        </p>
      </InfoSection>
      <InfoSection title="Your California privacy rights">
        <p>
          If you live in California, the California Consumer Privacy Act gives you the right to know what personal
          information we collect and why, to ask for a copy of it, to have it corrected or deleted, and to opt out of
          its sale or sharing, without being treated differently for asking.
        </p>
      </InfoSection>
      <InfoSection title="Contact us">
        <p>
          Questions or requests about your data: <a href={mailto}>{PRIVACY_CONTACT_EMAIL}</a>.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
