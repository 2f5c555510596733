import { INFO_PAGE_TITLES, RETURN_POLICY as POLICY } from '@campus/shared/info-pages';
import { Link } from 'react-router';
import { InfoPage } from './info-page.tsx';
import { InfoSection } from './info-section.tsx';

/** spec 3 §9 'Return policy'; the #refunds section is also /settings/refunds (decision 045). */
export function ReturnPolicyPage() {
  return (
    <InfoPage title={INFO_PAGE_TITLES.returns}>
      <p>
        Most sales here happen in person, so look the item over before you pay. For items bought and paid for in the
        app, this is how a problem gets fixed.
      </p>
      <InfoSection title="If something is wrong">
        <ol>
          <li>
            Contact the seller within {POLICY.contactSellerDays} days of receiving the item. Most problems are solved
            here.
          </li>
          <li>
            If you cannot agree, report it to us within {POLICY.reportToUsDays} more days ({POLICY.totalDays} days in
            total from receiving the item) through <Link to="/settings/help">Customer Support</Link>.
          </li>
        </ol>
      </InfoSection>
      <InfoSection id="refunds" title="Refunds">
        <p>
          When a refund is agreed, the item must be sent back within a return window of {POLICY.refundReturnWindowDays}{' '}
          days. The refund is paid to the original card once the seller has the item back.
        </p>
      </InfoSection>
      <InfoSection title="When a sale is final">
        <p>
          If nothing is reported within these days, the sale is completed and the seller is paid. Completed sales cannot
          be returned.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
