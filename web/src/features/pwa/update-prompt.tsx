import { useRegisterSW } from 'virtual:pwa-register/react';
import { Icon } from '../../lib/icon.tsx';
import { useLocalSync } from '../../local/local-sync-context.tsx';
import { keepWhatWasShownBeforeControl } from './keep-what-was-shown.ts';

/** How often an open tab asks the server for a new service worker. */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * Registers the service worker and, when a new version has installed and is
 * waiting, offers "A new version is available — Reload". The new worker
 * takes over only when the student says so, so nothing typed is lost mid-form.
 */
export function UpdatePrompt() {
  const { drainBeforeReload } = useLocalSync();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(swUrl, registration) {
      if (!registration) return;
      keepWhatWasShownBeforeControl();
      async function checkForUpdate() {
        if (!registration || registration.installing || !navigator.onLine) return;
        // Ask with no-cache so an HTTP cache cannot hide a new sw.js.
        const response = await fetch(swUrl, { cache: 'no-store' }).catch(() => null);
        if (response?.status === 200) await registration.update();
      }
      window.setInterval(checkForUpdate, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void checkForUpdate();
      });
    },
  });

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <Icon name="refresh" size={18} />
      <span>A new version is available</span>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => {
          // Issue 5: what waits in the outbox is sent before the new version takes over.
          void drainBeforeReload().finally(() => updateServiceWorker(true));
        }}
      >
        Reload
      </button>
      <button type="button" className="icon-button" aria-label="Later" onClick={() => setNeedRefresh(false)}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
