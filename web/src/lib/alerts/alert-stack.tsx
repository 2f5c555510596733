import { ALERT_PROGRESS_STEP_PERCENT, ALERT_PROGRESS_TICK_MS, type AlertType } from '@campus/shared/alerts';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Icon } from '../icon.tsx';

export interface Alert {
  id: number;
  msg: string;
  alertType: AlertType;
  dismissMs: number;
  link?: { label: string; to: string };
}

/** spec 1 §4: the bar grows 0.5% every 12 ms, so it fills in 2.4 s. */
const PROGRESS_MS = (100 / ALERT_PROGRESS_STEP_PERCENT) * ALERT_PROGRESS_TICK_MS;

export function AlertStack({ alerts, onDismiss }: { alerts: Alert[]; onDismiss: (id: number) => void }) {
  return (
    <div className="alert-stack" aria-live="polite" aria-atomic="false">
      {alerts.map((alert) => (
        <div
          key={alert.id}
          className={`alert alert--${alert.alertType}`}
          role={alert.alertType === 'danger' ? 'alert' : 'status'}
          data-alert-type={alert.alertType}
        >
          <span className="alert__msg">{alert.msg}</span>
          {alert.link && (
            <Link className="alert__link" to={alert.link.to}>
              {alert.link.label}
            </Link>
          )}
          <button type="button" className="alert__close" aria-label="Dismiss" onClick={() => onDismiss(alert.id)}>
            <Icon name="close" size={16} />
          </button>
          <span className="alert__progress" style={{ '--alert-progress-ms': `${PROGRESS_MS}ms` } as CSSProperties} />
        </div>
      ))}
    </div>
  );
}
