import { PushDeviceSwitch } from '../notifications/index.ts';

/**
 * /settings/account/notifications (issue 21): how this student hears of
 * activity. Push is per device (decision 034): the switch turns it on or off
 * for this browser only.
 */
export function NotificationsPage() {
  return (
    <section className="card settings-page" aria-labelledby="notification-settings-title">
      <h1 id="notification-settings-title" className="settings-page__title">
        Notifications
      </h1>
      <PushDeviceSwitch />
    </section>
  );
}
