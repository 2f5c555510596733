import { PUSH_MESSAGES } from '@campus/shared/push-api';
import { usePushDevice } from './use-push-device.ts';

/**
 * "Push notifications on this device" (decision 034), one row of the
 * notification settings' switches: on subscribes this browser (the
 * permission prompt comes from this tap), off unsubscribes it. Another device
 * of the same student keeps its own setting.
 */
export function PushDeviceSwitch() {
  const device = usePushDevice();
  const isBlocked = device.permission === 'denied';
  const isAvailable = device.support === 'supported' && !isBlocked;
  const hint =
    device.support === 'ios-install'
      ? PUSH_MESSAGES.iosHomeScreen
      : device.support === 'unsupported'
        ? PUSH_MESSAGES.unsupported
        : isBlocked
          ? PUSH_MESSAGES.denied
          : PUSH_MESSAGES.why;

  return (
    <li className="settings-switch">
      <label className="settings-switch__label" htmlFor="push-notifications">
        <span className="settings-switch__name">{PUSH_MESSAGES.deviceSwitch}</span>
        <span className="settings-switch__hint" id="push-notifications-hint">
          {hint}
        </span>
        {device.error && (
          <span className="field__error" role="alert">
            {device.error}
          </span>
        )}
      </label>
      <input
        id="push-notifications"
        type="checkbox"
        role="switch"
        className="switch"
        aria-describedby="push-notifications-hint"
        checked={device.isOn === true}
        aria-checked={device.isOn === true}
        disabled={!isAvailable || device.isOn === null || device.isBusy}
        onChange={(event) => void (event.target.checked ? device.turnOn() : device.turnOff())}
      />
    </li>
  );
}
