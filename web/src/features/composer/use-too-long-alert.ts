import { POST_MESSAGES } from '@campus/shared/post-rules';
import { useCallback, useRef } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';

/** spec 2 §5: 'Error: Too many characters!' at most once per 3 seconds. */
const TOO_LONG_THROTTLE_MS = 3000;

/** The editor's onTooLong: the danger alert, throttled. */
export function useTooLongAlert(): () => void {
  const { showAlert } = useAlerts();
  const lastShown = useRef(0);
  return useCallback(() => {
    if (Date.now() - lastShown.current < TOO_LONG_THROTTLE_MS) return;
    lastShown.current = Date.now();
    showAlert(POST_MESSAGES.tooManyCharacters, 'danger');
  }, [showAlert]);
}
