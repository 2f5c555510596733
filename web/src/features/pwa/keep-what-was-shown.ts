/** Same-origin files the worker keeps in a runtime cache (sw/src/sw.ts): the campus logo, icons and colours. */
const KEPT_BY_THE_WORKER = /^\/brand\//;

/**
 * On a first visit the page loads the campus logo before the service worker controls it, so the
 * worker's cache never sees it, and a screen opened later with no network drew a broken logo
 * (the HTTP cache hid it in some browsers, not all). When the worker takes control, this hands it
 * what the page already loaded (Workbox's CACHE_URLS message), to be cached by the same routes.
 */
export function keepWhatWasShownBeforeControl(): void {
  const { serviceWorker } = navigator;
  if (serviceWorker.controller) return;
  serviceWorker.addEventListener(
    'controllerchange',
    () => {
      const urlsToCache = [
        ...new Set(
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === location.origin && KEPT_BY_THE_WORKER.test(url.pathname))
            .map((url) => url.href),
        ),
      ];
      if (urlsToCache.length > 0)
        serviceWorker.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
    },
    { once: true },
  );
}
