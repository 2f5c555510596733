import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { currentSubscription, type PushSupport, pushSupport, turnOffPush, turnOnPush } from './push-device.ts';

export interface PushDevice {
  support: PushSupport;
  /** The browser's permission for this site ('default' until the student answers). */
  permission: NotificationPermission;
  /** Whether this device is subscribed; null while it is being read. */
  isOn: boolean | null;
  isBusy: boolean;
  error: string | null;
  turnOn(): Promise<void>;
  turnOff(): Promise<void>;
}

function readPermission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'default';
}

/** This device's push state for the card and the settings switch; reading it asks nothing. */
export function usePushDevice(): PushDevice {
  const [support] = useState(pushSupport);
  const [permission, setPermission] = useState(readPermission);
  const [isOn, setIsOn] = useState<boolean | null>(support === 'supported' ? null : false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (support !== 'supported') return;
    let isCurrent = true;
    void currentSubscription()
      .then((subscription) => isCurrent && setIsOn(subscription !== null))
      .catch(() => isCurrent && setIsOn(false));
    return () => {
      isCurrent = false;
    };
  }, [support]);

  const run = useCallback(async (work: () => Promise<void>) => {
    setIsBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(
        caught instanceof ApiRequestError ? caught.message : 'Push notifications could not be changed. Try again.',
      );
    } finally {
      setIsBusy(false);
    }
  }, []);

  const turnOn = useCallback(
    () =>
      run(async () => {
        const answer = await turnOnPush();
        setPermission(answer);
        setIsOn(answer === 'granted');
      }),
    [run],
  );
  const turnOff = useCallback(
    () =>
      run(async () => {
        await turnOffPush();
        setIsOn(false);
      }),
    [run],
  );

  return { support, permission, isOn, isBusy, error, turnOn, turnOff };
}
