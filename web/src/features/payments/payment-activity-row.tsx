import type { PaymentActivityDto } from '@campus/shared/payments-api';
import { amountNote, amountText, formatActivityDate } from './payment-amount.ts';

/** One ad in Payment Activity (spec 3 §2): its date, status label and amount. */
export function PaymentActivityRow({ item }: { item: PaymentActivityDto }) {
  const note = amountNote(item);
  return (
    <li className="payment-row" data-ad-id={item.adId}>
      <div className="payment-row__what">
        <span className="payment-row__title">{item.title}</span>
        <span className="payment-row__meta">
          <time dateTime={item.date}>{formatActivityDate(item.date)}</time>
          <span className={`payment-status payment-status--${item.status.replace(' ', '-')}`}>{item.statusLabel}</span>
        </span>
      </div>
      <div className="payment-row__amount">
        <span className="payment-row__figures">{amountText(item)}</span>
        {note && <span className="payment-row__note">{note}</span>}
      </div>
    </li>
  );
}
