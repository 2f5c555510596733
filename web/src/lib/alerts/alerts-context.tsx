import { ALERT_DISMISS_MS, type AlertType } from '@campus/shared/alerts';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { type Alert, AlertStack } from './alert-stack.tsx';

export interface ShowAlertOptions {
  /** spec 1 §9: 2600 ms by default, 7800 ms for the too-many-attempts alert. */
  dismissMs?: number;
  link?: Alert['link'];
}

interface AlertsApi {
  /** Resolves to the alert's id, for `dismissAlert`. */
  showAlert(msg: string, alertType?: AlertType, options?: ShowAlertOptions): number;
  dismissAlert(id: number): void;
}

const AlertsContext = createContext<AlertsApi | null>(null);

/** The alert system of spec 1 §3/§4: a stack of messages that dismiss themselves. */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const nextId = useRef(1);

  const dismissAlert = useCallback((id: number) => {
    setAlerts((current) => current.filter((alert) => alert.id !== id));
  }, []);

  const showAlert = useCallback(
    (msg: string, alertType: AlertType = 'okay', options: ShowAlertOptions = {}) => {
      const alert: Alert = { id: nextId.current++, msg, alertType, dismissMs: options.dismissMs ?? ALERT_DISMISS_MS };
      if (options.link) alert.link = options.link;
      setAlerts((current) => [...current, alert]);
      window.setTimeout(() => dismissAlert(alert.id), alert.dismissMs);
      return alert.id;
    },
    [dismissAlert],
  );

  const api = useMemo(() => ({ showAlert, dismissAlert }), [showAlert, dismissAlert]);
  return (
    <AlertsContext.Provider value={api}>
      {children}
      <AlertStack alerts={alerts} onDismiss={dismissAlert} />
    </AlertsContext.Provider>
  );
}

export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext);
  if (!api) throw new Error('useAlerts must be used inside <AlertsProvider>');
  return api;
}
