/**
 * The web app's local-first engine (web/src/local) run in Node for the sync
 * benches: Dexie on fake-indexeddb instead of the browser's IndexedDB, fetch
 * with the session cookie instead of the browser's same-origin requests, and
 * the `ws` package's WebSocket instead of the browser's.
 */
import { performance } from 'node:perf_hooks';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, SYNC_SOCKET_PATH } from '@campus/shared/sync-api';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import WebSocket from 'ws';
import type { ApiGet } from '../../web/src/local/local-cache.ts';
import { type LocalDb, openLocalDb } from '../../web/src/local/local-db.ts';
import type { OutboxTransport } from '../../web/src/local/outbox.ts';

/** Requests made and the time spent waiting for their answers. */
interface HttpTally {
  count: number;
  ms: number;
}

export interface NodeApi {
  get: ApiGet;
  transport: OutboxTransport;
  /** False: every request fails as a dropped network does, before reaching the server. */
  online: boolean;
  gets: HttpTally;
  writes: HttpTally;
}

export function openBenchDb(name: string): LocalDb {
  return openLocalDb(name, { indexedDB, IDBKeyRange });
}

async function readBody(response: Response): Promise<unknown> {
  return response.json().catch(() => null);
}

/**
 * GETs and outbox sends as `browser-transport.ts` makes them, signed in by
 * cookie. Node's fetch cannot set Host, so requests go to 127.0.0.1, which
 * the server takes for its default campus (OU), and writes carry that Origin.
 */
export function createNodeApi(port: number, token: string): NodeApi {
  const base = `http://127.0.0.1:${port}`;
  const cookie = `session=${token}`;

  async function timed(
    tally: HttpTally,
    run: () => Promise<Response>,
  ): Promise<{ status: number; body: unknown; replayed: boolean }> {
    if (!api.online) throw new TypeError('fetch failed');
    const started = performance.now();
    const response = await run();
    const body = await readBody(response);
    tally.count += 1;
    tally.ms += performance.now() - started;
    return { status: response.status, body, replayed: response.headers.get(REPLAYED_HEADER) === 'true' };
  }

  const api: NodeApi = {
    online: true,
    gets: { count: 0, ms: 0 },
    writes: { count: 0, ms: 0 },
    get: (path) => timed(api.gets, () => fetch(base + path, { headers: { accept: 'application/json', cookie } })),
    transport: {
      send({ method, path, idempotencyKey, json, file }) {
        const headers: Record<string, string> = {
          accept: 'application/json',
          cookie,
          origin: base,
          [IDEMPOTENCY_HEADER]: idempotencyKey,
        };
        let body: FormData | string | undefined;
        if (file) {
          body = new FormData();
          body.append('file', new File([file.blob], file.name, { type: file.type }));
        } else if (json !== undefined) {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(json);
        }
        return timed(api.writes, () => fetch(base + path, { method, headers, body }));
      },
    },
  };
  return api;
}

/**
 * `createSocket` for createSyncConnection: a `ws` WebSocket to 127.0.0.1 that
 * says it comes from `host` (Origin = Host, as a page of that campus would)
 * with the session cookie. `onRaw` sees each message as it arrives, before
 * the engine's own handler.
 */
export function nodeSocketFactory(options: {
  port: number;
  host: string;
  token: string;
  onRaw?(data: string, receivedAt: number): void;
}): { url: string; createSocket(url: string): globalThis.WebSocket } {
  const host = `${options.host}:${options.port}`;
  return {
    url: `ws://127.0.0.1:${options.port}${SYNC_SOCKET_PATH}`,
    createSocket(url) {
      const socket = new WebSocket(url, {
        headers: { host, origin: `http://${host}`, cookie: `session=${options.token}` },
      });
      const { onRaw } = options;
      if (onRaw) socket.on('message', (data) => onRaw(String(data), performance.now()));
      // `ws` implements the browser's onopen/onmessage/onclose and readyState/OPEN/send/close, which is all the engine uses.
      return socket as unknown as globalThis.WebSocket;
    },
  };
}
