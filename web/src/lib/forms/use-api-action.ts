import { ALERT_TOO_MANY_ATTEMPTS_DISMISS_MS } from '@campus/shared/alerts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../alerts/alerts-context.tsx';
import { ApiRequestError } from '../api-client.ts';

/**
 * Runs a call to the API for a form: tracks `isPending`, shows each error
 * `msg` as its own danger alert (spec 1 §7), gives the too-many-attempts
 * alert its longer 7800 ms (spec 1 §4), and sends a visitor the location
 * gate refused to /404 (spec 1 §5). Resolves to the result, or undefined.
 */
export function useApiAction() {
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);

  const run = useCallback(
    async <T>(action: () => Promise<T>): Promise<T | undefined> => {
      setIsPending(true);
      try {
        return await action();
      } catch (error) {
        if (!(error instanceof ApiRequestError)) {
          showAlert('Something went wrong. Try again.', 'danger');
          return undefined;
        }
        if (error.errors.some((item) => item.code === 'location_blocked')) {
          navigate('/404', { replace: true });
          return undefined;
        }
        for (const item of error.errors) {
          const dismissMs = item.code === 'too_many_requests' ? ALERT_TOO_MANY_ATTEMPTS_DISMISS_MS : undefined;
          showAlert(item.msg, 'danger', dismissMs ? { dismissMs } : {});
        }
        return undefined;
      } finally {
        setIsPending(false);
      }
    },
    [navigate, showAlert],
  );

  return { run, isPending };
}
