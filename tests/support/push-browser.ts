import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PushService } from './push-service/push-service.ts';

/**
 * Chromium here cannot reach a real push service, so the page's PushManager is
 * pointed at the stand-in (decision 034): `subscribe` and `getSubscription`
 * get the device's subscription from it through a binding (the stand-in IS
 * this browser's push service), and `unsubscribe` tells it the device left.
 * Everything else (the app's code, the real service worker, the permission)
 * is the browser's own. The init script also counts every permission request
 * and subscribe call, so a test can see that nothing was asked on page load.
 */
export async function usePushServiceInBrowser(context: BrowserContext, service: PushService, origin: string) {
  let current: ReturnType<PushService['subscribe']> | null = null;
  await context.grantPermissions(['notifications'], { origin });
  await context.exposeBinding('__pushStandIn', (_source, operation: string, argument: string) => {
    if (operation === 'subscribe') current ??= service.subscribe(argument);
    if (operation === 'unsubscribe' && current) {
      service.unsubscribe(current.endpoint);
      current = null;
    }
    return current;
  });
  await context.addInitScript(() => {
    type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } } | null;
    const scope = window as unknown as {
      __pushStandIn(operation: string, argument?: string): Promise<Subscription>;
      __pushAsks: { permission: number; subscribe: number };
    };
    scope.__pushAsks = { permission: 0, subscribe: 0 };
    const requestPermission = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      scope.__pushAsks.permission += 1;
      return requestPermission(...args);
    };
    function fromBase64Url(value: string): ArrayBuffer {
      const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
      return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
    }
    function toBase64Url(buffer: ArrayBuffer): string {
      let binary = '';
      for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
      return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    }
    let serverKey: ArrayBuffer | null = null;
    function asSubscription(json: NonNullable<Subscription>) {
      return {
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: serverKey },
        getKey: (name: 'p256dh' | 'auth') => fromBase64Url(json.keys[name]),
        toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
        unsubscribe: async () => {
          await scope.__pushStandIn('unsubscribe');
          return true;
        },
      };
    }
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      scope.__pushAsks.subscribe += 1;
      const key = options?.applicationServerKey;
      const encoded =
        typeof key === 'string'
          ? key
          : key instanceof ArrayBuffer
            ? toBase64Url(key)
            : toBase64Url((key as ArrayBufferView).buffer as ArrayBuffer);
      serverKey = fromBase64Url(encoded);
      const json = await scope.__pushStandIn('subscribe', encoded);
      return asSubscription(json as NonNullable<Subscription>) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const json = await scope.__pushStandIn('get');
      return json ? (asSubscription(json) as unknown as PushSubscription) : null;
    };
  });
  return { current: () => current };
}

/** How many times the page asked for the permission or a subscription since it loaded. */
export function pushAsksOf(page: Page): Promise<{ permission: number; subscribe: number }> {
  return page.evaluate(
    () => (window as unknown as { __pushAsks: { permission: number; subscribe: number } }).__pushAsks,
  );
}

/**
 * Hands pushes' decrypted data to the page's real service worker, as the
 * browser does when its push service delivers (CDP ServiceWorker.deliverPushMessage),
 * one at a time: each push's notification (its tag) is shown before the next is
 * handed over, and before the DevTools session lets go of the worker. Two handed
 * over back to back and the session detached at once showed only one of them now
 * and then (a clean-clone run of push-journey, and 1 run in 3 here).
 */
export async function deliverToServiceWorker(page: Page, origin: string, pushes: string[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((entry) => entry.scopeURL.startsWith(origin) && !entry.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  for (const data of pushes) {
    const { tag } = JSON.parse(data) as { tag: string };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
    await expect.poll(async () => (await shownNotifications(page)).some((shown) => shown.tag === tag)).toBe(true);
  }
  await cdp.detach();
}

/** The notifications the service worker is showing, as the page's registration lists them. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((item) => ({ title: item.title, body: item.body, tag: item.tag, data: item.data as unknown }));
  });
}

/**
 * Clicks a shown notification the only way a headless browser allows: the
 * service worker dispatches `notificationclick` for it on itself, so the
 * app's own click handler runs with the real Notification object.
 */
export async function clickNotification(context: BrowserContext, tag: string): Promise<void> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(async (wanted) => {
    const scope = globalThis as unknown as {
      registration: { getNotifications(filter: { tag: string }): Promise<unknown[]> };
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  }, tag);
}
