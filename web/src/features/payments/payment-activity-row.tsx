import type { PaymentActivityDto } from '@campus/shared/payments-api';
import { AdStatusPill } from '../../lib/ad-status-pill.tsx';
import { amountNote, amountText, formatActivityDate } from './payment-amount.ts';

/** One ad in Payment Activity (spec 3 §2): its date, status label and amount. */
export function PaymentActivityRow({ item }: { item: PaymentActivityDto }) {
  const note = amountNote(item);
  return (
    <li className="payment-row" data-ad-id={item.adId}>
      <div className="payment-row__line">
        <span className="payment-row__what">
          <span className="payment-row__title">{item.title}</span>
          <AdStatusPill ad={item} className="payment-status" />
        </span>
        <span className="payment-row__figures">{amountText(item)}</span>
      </div>
      <div className="payment-row__line payment-row__line--quiet">
        <time dateTime={item.date}>{formatActivityDate(item.date)}</time>
        {note && <span className="payment-row__note">{note}</span>}
      </div>
    </li>
  );
}
