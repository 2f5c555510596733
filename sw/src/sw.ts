/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest). Every rule
 * says why it exists (STYLE.md: Excalidraw's vite.config).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
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

// The campus the shell renders (name, logo, colours): fresh when online, the last copy when not.
registerRoute(
  ({ url }) => url.pathname === '/api/campus',
  new NetworkFirst({ cacheName: 'campus-info', networkTimeoutSeconds: 3 }),
);
