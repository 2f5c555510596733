import { INFO_PAGE_TITLES } from '@campus/shared/info-pages';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { InfoPage } from './info-page.tsx';
import { InfoSection } from './info-section.tsx';

/** spec 3 §2 Trust and Safety: three groups and zero tolerance for violations. */
export function TrustAndSafetyPage() {
  const { shortName } = useCampus();
  return (
    <InfoPage title={INFO_PAGE_TITLES.trust_and_safety}>
      <p>
        {shortName} Buy / Sell works because students trust each other. These guidelines keep it that way for everyone.
      </p>
      <InfoSection title="Be neighborly">
        <ul>
          <li>Be kind and respectful in posts, comments and messages.</li>
          <li>Reply to buyers and sellers, and say so when an item is gone.</li>
          <li>Meet in a public, well-lit place on campus, and bring a friend if you like.</li>
        </ul>
      </InfoSection>
      <InfoSection title="Be ethical">
        <ul>
          <li>Describe items honestly, with photos of the actual item and a fair price.</li>
          <li>Sell only what you own and are allowed to sell: no weapons, drugs, alcohol, stolen goods or fakes.</li>
          <li>No harassment, hate, spam, scams or impersonation.</li>
        </ul>
      </InfoSection>
      <InfoSection title="Be proactive">
        <ul>
          <li>Check the item before you pay, and pay in person when you can.</li>
          <li>Report posts and users that break these rules, and block anyone who makes you uncomfortable.</li>
          <li>Never share your password or a sign-in code.</li>
        </ul>
      </InfoSection>
      <p className="info-page__callout">
        We have zero tolerance for violations: we remove the content and may suspend or close the account.
      </p>
    </InfoPage>
  );
}
