import { AD_MESSAGES, type AD_STORED_ALERTS } from '@campus/shared/ad-rules';
import type { AlertType } from '@campus/shared/alerts';
import { useEffect } from 'react';
import { useAlerts } from './alerts-context.tsx';

/** spec 1 §3, spec 3 §4: alerts flagged on one page and shown by the next (decision 043). */
export type StoredAlert = (typeof AD_STORED_ALERTS)[keyof typeof AD_STORED_ALERTS];

const STORAGE_KEY = 'campus.storedAlert';

/** What each stored alert says (the spec names them, gives no text but already_boosted's code: decision 043). */
const STORED_ALERT_TEXTS: Record<StoredAlert, { msg: string; alertType: AlertType }> = {
  already_boosted: { msg: AD_MESSAGES.alreadyBoosted, alertType: 'danger' },
  actived_ad: { msg: 'Your ad is running!', alertType: 'success' },
  cancelled_ad: { msg: 'Your boost was cancelled.', alertType: 'black' },
};

/** Flags `alert` for the next page that calls useStoredAlert (sessionStorage: this tab only). */
export function storeAlert(alert: StoredAlert): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, alert);
  } catch {
    // Storage refused (private mode): the alert is lost, the navigation is not.
  }
}

function takeStoredAlert(): StoredAlert | null {
  try {
    const value = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    return value && value in STORED_ALERT_TEXTS ? (value as StoredAlert) : null;
  } catch {
    return null;
  }
}

/** Shows (once) the alert the previous page stored. */
export function useStoredAlert(): void {
  const { showAlert } = useAlerts();
  useEffect(() => {
    const alert = takeStoredAlert();
    if (!alert) return;
    const { msg, alertType } = STORED_ALERT_TEXTS[alert];
    showAlert(msg, alertType);
  }, [showAlert]);
}
