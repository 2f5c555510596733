import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ServerSyncMessage, SYNC_SOCKET_PATH } from '@campus/shared/sync-api';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../config.ts';
import { type RunningServer, startServer } from '../server.ts';
import { createSession, generateSessionToken } from '../sessions/session.ts';
import { createPost, createUser } from '../test/factories.ts';
import { doc } from '../test/post-requests.ts';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function member(server: RunningServer) {
  const user = await createUser(server.db, { profile_set_up: 1, bio: 'hi', img: '/a.webp' });
  const token = generateSessionToken();
  await createSession(server.db, token, user.id);
  return { user, token };
}

/** A signed-in device's sync socket, caught up from now; `unread` collects the unread messages it hears. */
async function device(server: RunningServer, token: string) {
  const host = `ou.localhost:${server.port}`;
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${SYNC_SOCKET_PATH}`, {
    headers: { host, origin: `http://${host}`, cookie: `session=${token}` },
  });
  const unread: ServerSyncMessage[] = [];
  let caughtUp: () => void = () => {};
  const isCaughtUp = new Promise<void>((resolve) => {
    caughtUp = resolve;
  });
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerSyncMessage;
    if (message.type === 'unread') unread.push(message);
    else caughtUp();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'hello', since: null }));
  await isCaughtUp;
  return { ws, unread };
}

function api(server: RunningServer, token: string, pathname: string, init: { method?: string; json?: unknown } = {}) {
  return fetch(`http://127.0.0.1:${server.port}${pathname}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      origin: `http://127.0.0.1:${server.port}`,
      cookie: `session=${token}`,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

async function until(check: () => boolean) {
  const deadline = Date.now() + 2000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the sync socket: unread counts, live (issue 21)', () => {
  it('tells every device of the recipient its new counts, and nobody else; reading tells it again', async () => {
    const server = await start();
    const seller = await member(server);
    const buyer = await member(server);
    const listing = await createPost(server.db, { user_id: seller.user.id });
    const [phone, laptop, buyersPhone] = await Promise.all([
      device(server, seller.token),
      device(server, seller.token),
      device(server, buyer.token),
    ]);

    const commented = await api(server, buyer.token, `/api/posts/${listing.id}/comments`, {
      json: { text: doc('Is it available?') },
    });
    expect(commented.status).toBe(201);
    await until(() => phone.unread.length > 0 && laptop.unread.length > 0);
    for (const seen of [phone, laptop]) expect(seen.unread).toEqual([{ type: 'unread', notifications: 1, chats: 0 }]);

    const page = (await (await api(server, seller.token, '/api/notifications')).json()) as {
      notifications: { id: string }[];
    };
    const read = await api(server, seller.token, '/api/notifications/read', {
      json: { ids: page.notifications.map((row) => row.id) },
    });
    expect(read.status).toBe(200);
    await until(() => phone.unread.length > 1);
    expect(phone.unread.at(-1)).toEqual({ type: 'unread', notifications: 0, chats: 0 });
    expect(buyersPhone.unread).toEqual([]);
    for (const { ws } of [phone, laptop, buyersPhone]) ws.close();
  });

  it('a fan-out recipient’s device hears its count once the job after the commit has written its row', async () => {
    const server = await start();
    const seller = await member(server);
    const earlier = await member(server);
    const newcomer = await member(server);
    const listing = await createPost(server.db, { user_id: seller.user.id });
    await createPost(server.db, { user_id: earlier.user.id, parent_id: listing.id, text_plain: 'Still for sale?' });
    const earliersPhone = await device(server, earlier.token);

    const commented = await api(server, newcomer.token, `/api/posts/${listing.id}/comments`, {
      json: { text: doc('Me too') },
    });
    expect(commented.status).toBe(201);
    await until(() => earliersPhone.unread.length > 0);
    expect(earliersPhone.unread).toEqual([{ type: 'unread', notifications: 1, chats: 0 }]);
    const rows = await server.db
      .selectFrom('notifications')
      .select('type')
      .where('to_user_id', '=', earlier.user.id)
      .execute();
    expect(rows).toEqual([{ type: 'comment interaction' }]);
    earliersPhone.ws.close();
  });
});

async function start() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-unread-'));
  const server = await startServer(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { port: 0, host: '127.0.0.1', seedDemo: false }),
  );
  running.push(server);
  return server;
}
