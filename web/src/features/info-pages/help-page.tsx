import { INFO_PAGE_TITLES } from '@campus/shared/info-pages';
import { Link } from 'react-router';
import { DirectMessageLink } from './direct-message-link.tsx';
import { InfoPage } from './info-page.tsx';

/** spec 3 §2 Customer Support: a direct message to the campus-named account. */
export function HelpPage() {
  return (
    <InfoPage title={INFO_PAGE_TITLES.help}>
      <p>
        Have an issue? Chat with us. Send us a direct message on Instagram and a real person will answer, usually the
        same day. Tell us your username and what happened; a screenshot helps.
      </p>
      <DirectMessageLink label="Message us on Instagram" />
      <p>
        Problem with an item you bought? Start with the <Link to="/settings/returns">Return Policy</Link>. Worried about
        a user or a post? See <Link to="/settings/trust_and_safety">Trust and Safety</Link>.
      </p>
    </InfoPage>
  );
}
