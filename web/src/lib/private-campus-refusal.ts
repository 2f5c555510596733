import type { ErrorCode } from '@campus/shared/errors';
import { createContext, useContext, useEffect } from 'react';

const PRIVATE_CAMPUS: ErrorCode = 'private_campus';

/**
 * Provided by the private-campus gate (features/about): a screen behind it
 * calls this when the server refused its content with `private_campus`, and
 * the gate takes the screen's place. Outside a gate it does nothing.
 */
export const PrivateCampusRefusalContext = createContext<() => void>(() => {});

/**
 * Shows the private-campus gate around this screen when `errorCode` is the
 * server's `private_campus` refusal (docs/decisions/012): the server has the
 * last word over the client's own guess from a stored session.
 */
export function useReportPrivateCampus(errorCode: string | null): void {
  const refuse = useContext(PrivateCampusRefusalContext);
  useEffect(() => {
    if (errorCode === PRIVATE_CAMPUS) refuse();
  }, [errorCode, refuse]);
}
