import { useEffect } from 'react';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import { handoffRefusal } from './site-handoff.ts';

/**
 * Renders nothing: says why a hand-off from another campus site left this site's student signed
 * in (issue 35 item 6). The session lives outside the router, where the alerts are.
 */
export function HandoffRefusalAlert(): null {
  const { showAlert } = useAlerts();
  useEffect(() => {
    let isCurrent = true;
    void handoffRefusal().then((message) => {
      if (isCurrent && message) showAlert(message, 'danger');
    });
    return () => {
      isCurrent = false;
    };
  }, [showAlert]);
  return null;
}
