import { NOTIFICATION_MAIL_MESSAGES } from '@campus/shared/notification-mail';
import { useSession } from '../../app/session/session-context.tsx';
import { PushDeviceSwitch } from '../notifications/index.ts';
import { useAccountUpdate } from './use-account-update.ts';

/**
 * /settings/account/notifications (decision 033): a list of settings
 * sections, each a labelled switch that saves as it is flipped: e-mail for the
 * account, then push for this device only (decision 034).
 */
export function NotificationsPage() {
  const { user } = useSession();
  const { save, isPending } = useAccountUpdate();
  if (!user) return null;
  return (
    <section className="card settings-page" aria-labelledby="notifications-settings-title">
      <h1 id="notifications-settings-title" className="settings-page__title">
        Notifications
      </h1>
      <ul className="settings-switches">
        <li className="settings-switch">
          <label className="settings-switch__label" htmlFor="email-notifications">
            <span className="settings-switch__name">{NOTIFICATION_MAIL_MESSAGES.switchLabel}</span>
            <span className="settings-switch__hint" id="email-notifications-hint">
              {NOTIFICATION_MAIL_MESSAGES.switchHint}
            </span>
          </label>
          <input
            id="email-notifications"
            type="checkbox"
            role="switch"
            className="switch"
            aria-describedby="email-notifications-hint"
            checked={user.emailNotifications}
            aria-checked={user.emailNotifications}
            disabled={isPending}
            onChange={(event) => void save('email-notifications', { emailNotifications: event.target.checked })}
          />
        </li>
        <PushDeviceSwitch />
      </ul>
    </section>
  );
}
