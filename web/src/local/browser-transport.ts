import { SYNC_SOCKET_PATH } from '@campus/shared/sync-api';
import { apiExchange } from '../lib/api-client.ts';
import type { ApiGet } from './local-cache.ts';
import type { OutboxTransport } from './outbox.ts';

/** GETs for the cache, through the one API client: the status and body; a network failure throws. */
export const browserGet: ApiGet = (path) => apiExchange(path);

/** The outbox's sends through the one API client: JSON, or one file with upload progress, each with its mutation id. */
export const browserTransport: OutboxTransport = {
  async send({ method, path, idempotencyKey, json, file }) {
    if (file) {
      // The upload client loads only when a kept file is sent (npm run size); the worker precaches it.
      const { sendFile } = await import('../lib/upload-file.ts');
      return sendFile(path, {
        method,
        idempotencyKey,
        file: new File([file.blob], file.name, { type: file.type }),
        field: file.field ?? 'file',
      });
    }
    return apiExchange(path, { method, idempotencyKey, json });
  },
};

export function syncSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${SYNC_SOCKET_PATH}`;
}

/** One drain at a time across this origin's tabs, where the browser can say so. */
export function withOutboxLock<T>(run: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return run();
  return navigator.locks.request('campus-outbox', run) as Promise<T>;
}
