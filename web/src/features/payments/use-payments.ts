import type { PaymentsResponse } from '@campus/shared/payments-api';
import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { fetchPayments } from './payments-api.ts';

type PaymentsState =
  | { kind: 'loading' }
  | { kind: 'loaded'; payments: PaymentsResponse }
  | { kind: 'failed'; message: string };

const COULD_NOT_LOAD = 'Payments could not be loaded. Check your connection and try again.';

/** The page reads the server every visit: money is never shown from an offline copy. */
export function usePayments(): { state: PaymentsState; retry: () => void } {
  const [state, setState] = useState<PaymentsState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how `retry` asks again.
  useEffect(() => {
    let isCurrent = true;
    setState({ kind: 'loading' });
    fetchPayments()
      .then((payments) => isCurrent && setState({ kind: 'loaded', payments }))
      .catch((error: unknown) => {
        const refused = error instanceof ApiRequestError && error.status === 403 ? error.message : null;
        if (isCurrent) setState({ kind: 'failed', message: refused ?? COULD_NOT_LOAD });
      });
    return () => {
      isCurrent = false;
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
