import { PUSH_MESSAGES } from '@campus/shared/push-api';
import { usePushDevice } from './use-push-device.ts';
import '../../../styles/push.css';

/**
 * "Push notifications on this device" (decision 034): on subscribes this
 * browser (the permission prompt comes from this tap), off unsubscribes it.
 * Another device of the same student keeps its own setting.
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
    <div className="push-switch">
      <label className="push-switch__row">
        <span className="push-switch__label">{PUSH_MESSAGES.deviceSwitch}</span>
        <input
          type="checkbox"
          role="switch"
          className="push-switch__input"
          checked={device.isOn === true}
          aria-checked={device.isOn === true}
          disabled={!isAvailable || device.isOn === null || device.isBusy}
          onChange={(event) => void (event.target.checked ? device.turnOn() : device.turnOff())}
        />
      </label>
      <p className="push-switch__hint">{hint}</p>
      {device.error && (
        <p className="field__error" role="alert">
          {device.error}
        </p>
      )}
    </div>
  );
}
