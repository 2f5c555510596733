import { PUSH_MESSAGES } from '@campus/shared/push-api';
import { useState } from 'react';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { dismissPushPrompt, isPushPromptDismissed } from './push-prompt-memory.ts';
import { usePushDevice } from './use-push-device.ts';
import '../../../styles/push.css';

/**
 * The calm card at the top of /notifications (decision 034): one sentence on
 * why, then "Turn on"; the browser's permission prompt comes only from that
 * tap, never on page load. On iPhone and iPad outside the Home Screen app it
 * says to add the app there first. "Not now" is remembered on this device.
 * Offline it waits: turning push on needs the push service and the server.
 */
export function PushPromptCard() {
  const device = usePushDevice();
  const [isDismissed, setIsDismissed] = useState(isPushPromptDismissed);
  const isOnline = useIsOnline();
  const isWanted =
    !isDismissed &&
    isOnline &&
    ((device.support === 'supported' && device.isOn === false && device.permission !== 'denied') ||
      device.support === 'ios-install');
  if (!isWanted) return null;

  function notNow() {
    dismissPushPrompt();
    setIsDismissed(true);
  }

  return (
    <section className="card push-card" aria-label="Push notifications">
      <p className="push-card__why">{PUSH_MESSAGES.why}</p>
      {device.support === 'ios-install' && <p className="push-card__hint">{PUSH_MESSAGES.iosHomeScreen}</p>}
      {device.error && (
        <p className="field__error" role="alert">
          {device.error}
        </p>
      )}
      <div className="push-card__actions">
        <button type="button" className="button button--outline" onClick={notNow}>
          {PUSH_MESSAGES.notNow}
        </button>
        {device.support === 'supported' && (
          <button type="button" className="button button--primary" onClick={device.turnOn} disabled={device.isBusy}>
            {PUSH_MESSAGES.turnOn}
          </button>
        )}
      </div>
    </section>
  );
}
