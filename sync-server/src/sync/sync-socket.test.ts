import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerSyncMessage } from '@campus/shared/sync-api';
import { SYNC_SOCKET_PATH } from '@campus/shared/sync-api';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../config.ts';
import { type RunningServer, startServer } from '../server.ts';
import { createSession, generateSessionToken } from '../sessions/session.ts';
import { createPost, createUser } from '../test/factories.ts';
import { doc } from '../test/post-requests.ts';
import { socketOpened } from '../test/socket-opened.ts';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-sync-'));
  const server = await startServer(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { port: 0, host: '127.0.0.1', seedDemo: false }),
  );
  running.push(server);
  return server;
}

async function member(server: RunningServer, campusId = 'ou') {
  const user = await createUser(server.db, { campus_id: campusId, profile_set_up: 1, bio: 'hi', img: '/a.webp' });
  const token = generateSessionToken();
  await createSession(server.db, token, user.id);
  return { user, token, host: campusId === 'ou' ? 'ou.localhost' : 'utexas.localhost' };
}

/** A client socket with its received messages; `next()` waits for the next one. */
function connect(server: RunningServer, options: { host: string; token?: string; origin?: string }) {
  const headers: Record<string, string> = { host: `${options.host}:${server.port}` };
  headers.origin = options.origin ?? `http://${options.host}:${server.port}`;
  if (options.token) headers.cookie = `session=${options.token}`;
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${SYNC_SOCKET_PATH}`, { headers });
  const inbox: ServerSyncMessage[] = [];
  const waiters: ((message: ServerSyncMessage) => void)[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerSyncMessage;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  return {
    ws,
    opened: socketOpened(ws),
    next(): Promise<ServerSyncMessage> {
      const queued = inbox.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message within 2 s')), 2000);
        waiters.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
    hello(since: number | null) {
      ws.send(JSON.stringify({ type: 'hello', since }));
    },
  };
}

function originOf(server: RunningServer) {
  return `http://127.0.0.1:${server.port}`;
}

async function postAs(server: RunningServer, actor: { token: string }, text: string) {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/posts`, {
    method: 'POST',
    // fetch cannot set Host, and 127.0.0.1 is the default campus, OU: every poster here is from OU.
    headers: { origin: originOf(server), cookie: `session=${actor.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: doc(text) }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

describe('the sync socket: live change notices', () => {
  it("sends a campus post's change to members of that campus only, and a save only to the saver", async () => {
    const server = await start();
    const alice = await member(server);
    const bob = await member(server);
    const texan = await member(server, 'ut');
    const clients = [alice, bob, texan].map((actor) => connect(server, actor));
    await Promise.all(clients.map((client) => client.opened));
    for (const client of clients) client.hello(null);
    const cursors = await Promise.all(clients.map((client) => client.next()));
    expect(cursors.every((message) => message.type === 'changes' && message.changes.length === 0)).toBe(true);

    const postId = await postAs(server, alice, 'Textbooks for CHEM 1315');
    const [toAlice, toBob, toTexan] = await Promise.all(clients.map((client) => client.next()));
    for (const message of [toAlice, toBob]) {
      expect(message).toMatchObject({ type: 'changes', changes: [{ kind: 'post', postId, isDeleted: false }] });
    }
    expect(toTexan).toMatchObject({ type: 'changes', changes: [] });

    const [aliceClient, bobClient] = clients;
    const save = await fetch(`http://127.0.0.1:${server.port}/api/posts/${postId}/save`, {
      method: 'PUT',
      headers: { origin: originOf(server), cookie: `session=${bob.token}` },
    });
    expect(save.status).toBe(200);
    const bobHears = await bobClient?.next();
    const aliceHears = await aliceClient?.next();
    expect(bobHears).toMatchObject({
      changes: [
        { kind: 'saved', postId },
        { kind: 'post', postId },
      ],
    });
    expect(aliceHears).toMatchObject({ changes: [{ kind: 'post', postId }] });
    expect(aliceHears?.type === 'changes' && aliceHears.changes).toHaveLength(1);
  });

  it('catches a reconnecting client up from its cursor instead of from the start', async () => {
    const server = await start();
    const alice = await member(server);
    const first = connect(server, alice);
    await first.opened;
    first.hello(null);
    const welcome = await first.next();
    const cursor = welcome.type === 'changes' ? welcome.cursor : -1;
    first.ws.close();

    const missedPost = await postAs(server, alice, 'Posted while the other tab was away');
    await createPost(server.db, { user_id: alice.user.id, campus_id: 'ut' }); // another campus: not for alice
    const again = connect(server, alice);
    await again.opened;
    again.hello(cursor);
    const caughtUp = await again.next();
    expect(caughtUp).toMatchObject({ type: 'changes', changes: [{ kind: 'post', postId: missedPost }] });
    expect(caughtUp.type === 'changes' && caughtUp.changes).toHaveLength(1);
    expect(caughtUp.type === 'changes' && caughtUp.cursor).toBeGreaterThan(cursor);
  });

  it('says reset to a cursor older than the kept log or newer than the head', async () => {
    const server = await start();
    const alice = await member(server);
    await postAs(server, alice, 'one');
    await postAs(server, alice, 'two');
    await server.db.deleteFrom('changes').where('seq', '<', 2).execute();
    const old = connect(server, alice);
    await old.opened;
    old.hello(0);
    expect(await old.next()).toMatchObject({ type: 'reset' });
    const future = connect(server, alice);
    await future.opened;
    future.hello(10_000);
    expect(await future.next()).toMatchObject({ type: 'reset' });
  });

  it('answers ping with pong', async () => {
    const server = await start();
    const alice = await member(server);
    const client = connect(server, alice);
    await client.opened;
    client.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await client.next()).toEqual({ type: 'pong' });
  });
});

describe('the sync socket: security', () => {
  it('refuses an upgrade without a valid session cookie (401)', async () => {
    const server = await start();
    await expect(connect(server, { host: 'ou.localhost' }).opened).rejects.toThrow('HTTP 401');
    await expect(connect(server, { host: 'ou.localhost', token: 'forged' }).opened).rejects.toThrow('HTTP 401');
    expect(server.socketCount).toBe(0);
  });

  it('refuses a page of another origin even with a valid cookie (403)', async () => {
    const server = await start();
    const alice = await member(server);
    const evil = connect(server, { ...alice, origin: 'http://evil.example' });
    await expect(evil.opened).rejects.toThrow('HTTP 403');
  });

  it('refuses other paths (404) and ignores garbage and oversize messages without dying', async () => {
    const server = await start();
    const alice = await member(server);
    const other = new WebSocket(`ws://127.0.0.1:${server.port}/api/not-sync`, {
      headers: { host: alice.host, origin: `http://${alice.host}`, cookie: `session=${alice.token}` },
    });
    await expect(socketOpened(other)).rejects.toThrow('HTTP 404');

    const client = connect(server, alice);
    await client.opened;
    client.ws.send('not json');
    client.ws.send(JSON.stringify({ type: 'hello', since: -5 }));
    client.hello(null);
    expect(await client.next()).toMatchObject({ type: 'changes', changes: [] });
    const closed = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)));
    client.ws.send('x'.repeat(5000));
    expect(await closed).toBe(1009);
  });
});
