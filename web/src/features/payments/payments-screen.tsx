import { Link } from 'react-router';
import { PaymentActivityRow } from './payment-activity-row.tsx';
import { formatCents } from './payment-amount.ts';
import { usePayments } from './use-payments.ts';
import '../../styles/payments.css';

/** /settings/payments (spec 3 §2, decision 047): Available Funds, Payment Activity and a way to support. */
export function PaymentsScreen() {
  const { state, retry } = usePayments();
  return (
    <section
      className="card settings-page payments"
      aria-labelledby="payments-title"
      aria-busy={state.kind === 'loading'}
    >
      <h1 id="payments-title" className="settings-page__title">
        Payments
      </h1>
      {state.kind === 'failed' && (
        <div className="payments__failed" role="alert">
          <p>{state.message}</p>
          <button type="button" className="button button--outline button--small" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {state.kind === 'loaded' && (
        <>
          <div className="payments__funds">
            <h2 className="payments__heading">Available Funds</h2>
            <p className="payments__funds-amount" data-testid="available-funds">
              {formatCents(state.payments.availableFunds)}
            </p>
            <p className="payments__hint">
              When you stop an ad, the days it did not run come back here and go toward your next boost.
            </p>
          </div>
          <div className="payments__activity">
            <h2 className="payments__heading">Payment Activity</h2>
            {state.payments.activity.length === 0 ? (
              <p className="payments__empty">No payments yet. When you boost a post, it will show up here.</p>
            ) : (
              <ul className="payments__list">
                {state.payments.activity.map((item) => (
                  <PaymentActivityRow key={item.adId} item={item} />
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      <div className="payments__support">
        <h2 className="payments__heading">Customer Support</h2>
        <Link to="/settings/help" className="settings-page__link">
          Have an issue? Chat with us.
        </Link>
      </div>
    </section>
  );
}
