/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest). Every rule
 * says why it exists (STYLE.md: Excalidraw's vite.config).
 */
import type { PushPayload } from '@campus/shared/push-api';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { getOrCreateDefaultRouter } from 'workbox-routing/utils/getOrCreateDefaultRouter.js';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

// The app shell (HTML, JS, CSS, icons of the build) is precached so the app opens with no network.
precacheAndRoute(self.__WB_MANIFEST);
// Old precaches from earlier builds would otherwise stay on the device forever.
cleanupOutdatedCaches();
// Take control of the page that installed us, so the very first visit is already offline-ready.
// A *new* version waits until the user accepts the in-app "Reload" prompt (see features/pwa).
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Every client route (/home, /post/…, /settings/…) is the same single-page shell: answer
// navigations from the precache so a reload offline still opens the app. Server-only paths
// are excluded because they are real documents or API calls, not app routes.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // /media and /media/{postId} are screens; only files under /media (with an extension) are not.
    denylist: [
      /^\/api\//,
      /^\/media\/.*\.[a-z0-9]+$/i,
      /^\/brand\//,
      /^\/dev\//,
      // The page a notification e-mail's unsubscribe link opens is the server's, not the app's.
      /^\/unsubscribe(\.css)?$/,
      /^\/auth\//,
      // The test-mode checkout page (decision 041) is the server's, like Stripe's hosted page.
      /^\/checkout\/test(\.css|\/)/,
      /^\/manifest\.webmanifest$/,
    ],
  }),
);

// Uploaded photos and avatars have immutable URLs: serve them from the cache first, keep
// the most recent 400 for 30 days, and give the space back if the browser runs short.
registerRoute(
  ({ url, request }) => url.pathname.startsWith('/media/') && request.destination === 'image',
  new CacheFirst({
    cacheName: 'media-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Campus logos and install icons change rarely; show the cached one and refresh it behind.
registerRoute(
  ({ url }) => url.pathname.startsWith('/brand/') || url.pathname === '/manifest.webmanifest',
  new StaleWhileRevalidate({
    cacheName: 'campus-brand',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// What the page loaded before this worker controlled it (the campus logo on a first visit) is
// sent here as { type: 'CACHE_URLS' } (web/src/features/pwa/keep-what-was-shown.ts) and goes
// through the routes above, so it is in their caches for the next visit with no network.
getOrCreateDefaultRouter().addCacheListener();

// The campus the shell renders (name, logo, colours): fresh when online, the last copy when not.
registerRoute(
  ({ url }) => url.pathname === '/api/campus',
  new NetworkFirst({ cacheName: 'campus-info', networkTimeoutSeconds: 3 }),
);

// Web push (issue 21, decision 034): the server's push worker sends { title, body, url, tag, icon }
// (shared/src/push-api.ts), encrypted for this device; the browser decrypts it and hands it here.
// A push must show a notification (browsers require it of a visible-only subscription).
self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: payload.icon,
      badge: payload.icon,
      // One notification per in-app row: a merged row's next push replaces the one before.
      tag: payload.tag,
      data: { url: payload.url },
    }),
  );
});

// A click opens the notification's route: in a window of this app that is already open (the one
// focused, else any), or in a new one. The work starts before `waitUntil`: a notificationclick a test
// dispatches is untrusted, and `waitUntil` throws for such an event, yet the same code runs to the end.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(readNotificationUrl(event.notification.data), self.location.origin).href;
  const opening = openOrFocus(url);
  try {
    event.waitUntil(opening);
  } catch {
    // Untrusted event (tests/e2e/push-journey.test.ts): nothing waits, the opening goes on.
  }
});

async function openOrFocus(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const sameOrigin = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const target = sameOrigin.find((client) => client.focused) ?? sameOrigin[0];
  if (!target) {
    await self.clients.openWindow(url);
    return;
  }
  // Focus needs the click's user activation; a window that cannot be focused is still moved to the route.
  await target.focus().catch(() => undefined);
  if (target.url !== url) await target.navigate(url);
}

/** The push's JSON, or a plain line for anything else (a push always shows something). */
function readPushPayload(data: PushMessageData | null): PushPayload {
  const fallback: PushPayload = { title: 'Campus Buy / Sell', body: '', url: '/notifications', tag: '', icon: '' };
  try {
    const parsed = data?.json() as Partial<PushPayload> | undefined;
    if (!parsed || typeof parsed.title !== 'string') return fallback;
    return {
      title: parsed.title,
      body: typeof parsed.body === 'string' ? parsed.body : '',
      url: typeof parsed.url === 'string' && parsed.url.startsWith('/') ? parsed.url : '/notifications',
      tag: typeof parsed.tag === 'string' ? parsed.tag : '',
      icon: typeof parsed.icon === 'string' ? parsed.icon : '',
    };
  } catch {
    return fallback;
  }
}

function readNotificationUrl(data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  // Only this app's own routes: a push never sends the student to another site.
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifications';
}
