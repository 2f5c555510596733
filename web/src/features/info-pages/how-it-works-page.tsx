import { INFO_PAGE_TITLES, POSTING_SECONDS } from '@campus/shared/info-pages';
import { Link } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { InfoPage } from './info-page.tsx';
import { InfoSection } from './info-section.tsx';

/** spec 3 §2 How It Works: a buy step and a sell step. */
export function HowItWorksPage() {
  const { shortName } = useCampus();
  return (
    <InfoPage title={INFO_PAGE_TITLES.howitworks}>
      <p>
        {shortName} Buy / Sell is where students at your school buy and sell with each other. Two steps, either way.
      </p>
      <InfoSection title="Buy">
        <p>
          Browse the <Link to="/home">feed</Link> or search for what you need. Found it? Message the seller, agree on a
          time and a place on campus, look the item over and pay in person.
        </p>
      </InfoSection>
      <InfoSection title="Sell">
        <p>
          Snap a photo, add a price and a few words, and post: it takes under {POSTING_SECONDS} seconds. Students nearby
          see it in their feed and message you. Meet up, hand it over, get paid.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
