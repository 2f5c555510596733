import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, SYNC_SOCKET_PATH } from '@campus/shared/sync-api';
import type { ApiGet } from './local-cache.ts';
import type { OutboxTransport } from './outbox.ts';

async function readBody(response: Response): Promise<unknown> {
  return response.json().catch(() => null);
}

/** GETs for the cache: the status and body; a network failure throws. */
export const browserGet: ApiGet = async (path) => {
  const response = await fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  return { status: response.status, body: await readBody(response) };
};

/** The outbox's sends: JSON or one file as multipart, each with its mutation id. */
export const browserTransport: OutboxTransport = {
  async send({ method, path, idempotencyKey, json, file }) {
    const headers: Record<string, string> = { Accept: 'application/json', [IDEMPOTENCY_HEADER]: idempotencyKey };
    let body: BodyInit | undefined;
    if (file) {
      const form = new FormData();
      form.append(file.field ?? 'file', new File([file.blob], file.name, { type: file.type }));
      body = form;
    } else if (json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(json);
    }
    const response = await fetch(path, { method, credentials: 'same-origin', headers, body });
    return {
      status: response.status,
      body: await readBody(response),
      replayed: response.headers.get(REPLAYED_HEADER) === 'true',
    };
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
