import { INFO_PAGE_TITLES, TERMS_LIMITS as LIMITS, TERMS_LAST_UPDATED } from '@campus/shared/info-pages';
import { Link } from 'react-router';
import { useCampus } from '../../app/campus/campus-context.tsx';
import { InfoPage } from './info-page.tsx';
import { InfoSection } from './info-section.tsx';

const REMOTE_LIMIT = `$${LIMITS.remoteArbitrationUnderDollars.toLocaleString('en-US')}`;

/** spec 3 §2 Terms of Service, with every limit of spec 3 §9 'Terms limits'. */
export function TermsPage() {
  const campus = useCampus();
  const site = `${campus.shortName} Buy / Sell`;
  return (
    <InfoPage title={INFO_PAGE_TITLES.terms} updated={TERMS_LAST_UPDATED}>
      <p>
        These terms are the agreement between you and Campus Buy/Sell, Inc. for using {site}, the buy and sell community
        for {campus.name}. By creating an account or using the site you agree to them. Please read them; they are
        written to be read.
      </p>
      <InfoSection title="Who can use it">
        <p>
          You must be {LIMITS.minimumAge} years of age or older and a resident of the United States. One person, one
          account. You are responsible for what happens under your account, so keep your password to yourself.
        </p>
      </InfoSection>
      <InfoSection title="Posting and selling">
        <p>
          You may post only items you own and are allowed to sell, described honestly and with photos of the actual
          item. Prohibited items and behaviour are described in our{' '}
          <Link to="/settings/trust_and_safety">Trust and Safety</Link> guidelines. We may remove posts or accounts that
          break these terms.
        </p>
        <p>
          Most sales happen in person: students meet on or near campus and pay in cash. {site} is not a party to those
          sales and does not hold the item or the money.
        </p>
      </InfoSection>
      <InfoSection title="In-app payments and shipping">
        <p>
          In some markets you can pay and get paid in the app. Card payments are handled by our payment provider; we do
          not store card numbers. Shipped orders go to addresses within the contiguous United States only.
        </p>
        <ul>
          <li>Sellers must ship within {LIMITS.shipWithinBusinessDays} business days of the sale.</li>
          <li>The payout to the seller is usually made {LIMITS.payoutBusinessDays} business days after delivery.</li>
          <li>
            A seller who has not set up a payment account within {LIMITS.paymentAccountSetupDays} days of a sale may
            lose the payout, and the buyer is refunded.
          </li>
        </ul>
        <p>
          Returns and refunds follow our <Link to="/settings/returns">Return Policy</Link>.
        </p>
      </InfoSection>
      <InfoSection title="Paid promotion">
        <p>
          You can pay to boost a post so more students see it. A boosted post is shown as sponsored. Boosts are billed
          as shown before checkout and follow the same rules as any other post.
        </p>
      </InfoSection>
      <InfoSection title="Disputes and arbitration">
        <p>
          If we have a dispute, tell us first and we will try to settle it informally. If we cannot, it is settled by
          binding individual arbitration rather than in court, except for small-claims cases. You may opt out of
          arbitration by writing to us within {LIMITS.arbitrationOptOutDays} days of first accepting these terms.
        </p>
        <p>
          If the amount claimed is under {REMOTE_LIMIT}, the arbitration may be done remotely, by phone, video or in
          writing, so nobody has to travel.
        </p>
        <p>
          Any claim must be filed within {LIMITS.claimsWithinYears} year of the events it is about, or it is barred.
        </p>
      </InfoSection>
      <InfoSection title="Limits of our liability">
        <p>
          The site is provided as it is. To the extent the law allows, our total liability to you is limited to the
          greater of ${LIMITS.liabilityCapDollars} or the amount you paid us in the last{' '}
          {LIMITS.liabilityLookbackMonths} months.
        </p>
      </InfoSection>
      <InfoSection title="Changes">
        <p>
          We may update these terms. When we do, we change the date above, and for important changes we tell you in the
          app before they apply. Questions? <Link to="/settings/help">Contact Customer Support</Link>.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
