import { INFO_PAGE_TITLES } from '@campus/shared/info-pages';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { DirectMessageLink } from './direct-message-link.tsx';
import { InfoPage } from './info-page.tsx';

/** spec 3 §2 Give Us Feedback: the same direct message as support. */
export function FeedbackPage() {
  const { shortName } = useCampus();
  return (
    <InfoPage title={INFO_PAGE_TITLES.feedback}>
      <p>
        {shortName} Buy / Sell is built around what students ask for. Something you would change, a feature you miss, or
        something you like? Send us a direct message; we read every one.
      </p>
      <DirectMessageLink label="Send feedback on Instagram" />
    </InfoPage>
  );
}
