import { ALERT_TOO_MANY_ATTEMPTS_DISMISS_MS } from '@campus/shared/alerts';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type ShowAlertOptions, useAlerts } from '../alerts/alerts-context.tsx';
import { ApiRequestError } from '../api-client.ts';

/**
 * Runs a call to the API for a form: tracks `isPending`, shows each error
 * `msg` as its own danger alert (spec 1 §7), gives the too-many-attempts
 * alert its longer 7800 ms (spec 1 §4), and sends a visitor the location
 * gate refused to /404 (spec 1 §5). Resolves to the result, or undefined.
 * A success takes this form's earlier error alerts away, so 'Password too
 * short.' does not follow a student onto the next screen (issue 19).
 */
export function useApiAction() {
  const { showAlert, dismissAlert } = useAlerts();
  const errorAlerts = useRef<number[]>([]);
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);

  const run = useCallback(
    async <T>(action: () => Promise<T>): Promise<T | undefined> => {
      setIsPending(true);
      const showError = (msg: string, options: ShowAlertOptions = {}) =>
        errorAlerts.current.push(showAlert(msg, 'danger', options));
      try {
        const result = await action();
        for (const id of errorAlerts.current.splice(0)) dismissAlert(id);
        return result;
      } catch (error) {
        if (!(error instanceof ApiRequestError)) {
          showError('Something went wrong. Try again.');
          return undefined;
        }
        if (error.errors.some((item) => item.code === 'location_blocked')) {
          navigate('/404', { replace: true });
          return undefined;
        }
        for (const item of error.errors) {
          const dismissMs = item.code === 'too_many_requests' ? ALERT_TOO_MANY_ATTEMPTS_DISMISS_MS : undefined;
          showError(item.msg, dismissMs ? { dismissMs } : {});
        }
        return undefined;
      } finally {
        setIsPending(false);
      }
    },
    [dismissAlert, navigate, showAlert],
  );

  return { run, isPending };
}
