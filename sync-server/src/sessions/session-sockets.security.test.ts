import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addMessage, type ChatMessage, messagesOf } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { SESSION_ENDED_CLOSE, SYNC_SOCKET_PATH } from '@campus/shared/sync-api';
import { describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { createEmailToken } from '../auth/email-tokens.ts';
import {
  chatBetween,
  connectProvider,
  rawSocket,
  type SocketActor,
  socketMember,
  startChatServer,
  waitFor,
  whenSynced,
} from '../chats/chat-socket.test-helpers.ts';
import { loadChatLog } from '../chats/chat-update-log.ts';
import { loadConfig } from '../config.ts';
import { type RunningServer, startServer } from '../server.ts';
import { createPost } from '../test/factories.ts';
import { socketOpened } from '../test/socket-opened.ts';
import { createSession, generateSessionToken } from './session.ts';

/**
 * issue 18 item 5: a socket lives no longer than the session that opened it.
 * Logout, a password change elsewhere, a reset, a ban and expiry each close
 * the session's chat and sync sockets with 4401 'Session ended'.
 */

function message(authorId: string, text: string): ChatMessage {
  return { id: uuidv7(), authorId, text, createdAt: new Date().toISOString(), postId: null, attachment: null };
}

/** The /api/sync socket of `actor`, with every message it hears and its close code. */
function syncSocket(server: RunningServer, actor: { token: string; host: string }) {
  const host = `${actor.host}:${server.port}`;
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${SYNC_SOCKET_PATH}`, {
    headers: { host, origin: `http://${host}`, cookie: `session=${actor.token}` },
  });
  onTestFinished(() => ws.terminate());
  const heard: string[] = [];
  ws.on('message', (data) => heard.push(String(data)));
  return {
    ws,
    heard,
    opened: socketOpened(ws),
    closed: new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    ),
  };
}

/** An HTTP call as the campus page would make it (fetch cannot set Host: 127.0.0.1 is OU). */
async function call(server: RunningServer, method: string, pathname: string, token: string | null, json?: unknown) {
  const origin = `http://127.0.0.1:${server.port}`;
  return fetch(`${origin}${pathname}`, {
    method,
    headers: {
      origin,
      ...(token ? { cookie: `session=${token}` } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

/** A second session (another device) of the same account. */
async function otherDevice(server: RunningServer, actor: SocketActor): Promise<SocketActor> {
  const token = generateSessionToken();
  await createSession(server.db, token, actor.user.id);
  return { ...actor, token };
}

/** Alice's chat socket (raw) and sync socket, and Bob listening on the chat with the stock client. */
async function openEverything(server: RunningServer) {
  const alice = await socketMember(server, 'Alice');
  const bob = await socketMember(server, 'Bob');
  const chatId = await chatBetween(server, alice, bob);
  const b = connectProvider(server, bob, chatId);
  await whenSynced(b.provider);
  const chat = rawSocket(server, chatId, alice);
  const sync = syncSocket(server, alice);
  await Promise.all([chat.opened, sync.opened]);
  sync.ws.send(JSON.stringify({ type: 'hello', since: null }));
  await waitFor(() => sync.heard.length > 0, 'the sync welcome');
  return { alice, bob, chatId, b, chat, sync };
}

async function storedMessages(server: RunningServer, chatId: string) {
  await server.chatRooms.settled();
  const doc = new Y.Doc();
  await loadChatLog(server.db, chatId, doc);
  return messagesOf(doc);
}

/** `promise`, or a failure naming what did not happen within 2 s (a socket left open). */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_resolve, reject) => setTimeout(() => reject(new Error(`${what} within 2 s`)), 2000)),
  ]);
}

const ENDED = { code: SESSION_ENDED_CLOSE.code, reason: SESSION_ENDED_CLOSE.reason };

describe('sockets end with their session', () => {
  it('logout closes the chat and sync sockets (4401); a message sent after it is neither stored nor relayed', async () => {
    const { server } = await startChatServer();
    const { alice, bob, chatId, b, chat, sync } = await openEverything(server);

    // The phone has not heard of the logout yet (its close frame is still on the way) and sends a message.
    const phoneSocket = (chat.ws as unknown as { _socket: import('node:net').Socket })._socket;
    phoneSocket.pause();
    expect((await call(server, 'POST', '/api/auth/logout', alice.token, {})).status).toBe(200);
    const late = message(alice.user.id, 'sent after logout');
    const lateDoc = new Y.Doc();
    addMessage(lateDoc, late);
    chat.sendUpdate(Y.encodeStateAsUpdate(lateDoc));
    await new Promise((resolve) => setTimeout(resolve, 100));
    phoneSocket.resume();

    expect(await within(chat.closed, 'no close of the chat socket')).toBe(SESSION_ENDED_CLOSE.code);
    expect(await within(sync.closed, 'no close of the sync socket')).toEqual(ENDED);
    expect((await storedMessages(server, chatId)).has(late.id)).toBe(false);
    expect(messagesOf(b.doc).has(late.id)).toBe(false);
    // Bob's own socket is not Alice's session: it stays.
    expect(b.provider.wsconnected).toBe(true);

    // Nothing reaches a socket of the ended session, and a new one is refused.
    const heardBefore = sync.heard.length;
    await createPost(server.db, { user_id: bob.user.id });
    server.changeHub.poke();
    await server.changeHub.idle();
    expect(sync.heard.length).toBe(heardBefore);
    await expect(syncSocket(server, alice).opened).rejects.toThrow('HTTP 401');
  });

  it('a password change closes the other sessions’ sockets; the changing device’s sockets stay open', async () => {
    const { server } = await startChatServer();
    const { alice, chatId, chat, sync } = await openEverything(server);
    const laptop = await otherDevice(server, alice);
    const laptopChat = rawSocket(server, chatId, laptop);
    const laptopSync = syncSocket(server, laptop);
    await Promise.all([laptopChat.opened, laptopSync.opened]);

    const changed = await call(server, 'PUT', '/api/account/password', laptop.token, {
      currentPassword: 'unused: no password yet',
      newPassword: 'a brand new one',
      confirmPassword: 'a brand new one',
    });
    expect(changed.status).toBe(200);

    expect(await within(chat.closed, 'no close of the chat socket')).toBe(SESSION_ENDED_CLOSE.code);
    expect(await within(sync.closed, 'no close of the sync socket')).toEqual(ENDED);
    expect(laptopChat.ws.readyState).toBe(WebSocket.OPEN);
    expect(laptopSync.ws.readyState).toBe(WebSocket.OPEN);
    // The laptop stays signed in with a fresh cookie; the phone does not.
    const fresh = /^session=([^;]+)/.exec(
      changed.headers.getSetCookie().find((line) => line.startsWith('session=')) ?? '',
    );
    const laptopMe = (await (await call(server, 'GET', '/api/auth/me', fresh?.[1] ?? null)).json()) as {
      user: unknown;
    };
    expect(laptopMe.user).toMatchObject({ id: alice.user.id });
    // Its sockets now belong to the fresh session: a later logout there still closes them.
    expect((await call(server, 'POST', '/api/auth/logout', fresh?.[1] ?? null, {})).status).toBe(200);
    expect(await within(laptopChat.closed, 'no close of the laptop chat socket')).toBe(SESSION_ENDED_CLOSE.code);
    expect((await within(laptopSync.closed, 'no close of the laptop sync socket')).code).toBe(SESSION_ENDED_CLOSE.code);
    const phoneMe = (await (await call(server, 'GET', '/api/auth/me', alice.token)).json()) as { user: unknown };
    expect(phoneMe.user).toBeNull();
  });

  it('a password reset closes every socket of the account', async () => {
    const { server } = await startChatServer();
    const { alice, chat, sync } = await openEverything(server);
    const email = (
      await server.db.selectFrom('users').select('email').where('id', '=', alice.user.id).executeTakeFirst()
    )?.email;
    const token = await createEmailToken(server.db, 'reset password', email ?? '', 'ou');
    const reset = await call(server, 'POST', '/api/auth/password-reset/complete', null, {
      token,
      password: 'a brand new one',
    });
    expect(reset.status).toBe(200);
    expect(await within(chat.closed, 'no close of the chat socket')).toBe(SESSION_ENDED_CLOSE.code);
    expect(await within(sync.closed, 'no close of the sync socket')).toEqual(ENDED);
  });

  it('a session that expires has its sockets closed by the next sweep', async () => {
    const { server } = await startChatServer();
    const { bob, b, chat, sync } = await openEverything(server);
    await server.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1000 })
      .execute();
    await server.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() + 60_000 })
      .where('user_id', '=', bob.user.id)
      .execute();
    await server.sessionSockets.sweep();
    expect(await within(chat.closed, 'no close of the chat socket')).toBe(SESSION_ENDED_CLOSE.code);
    expect(await within(sync.closed, 'no close of the sync socket')).toEqual(ENDED);
    expect(b.provider.wsconnected).toBe(true);
  });

  it('at start-up, the sessions of banned e-mails end', async () => {
    const { server, dataDir } = await startChatServer();
    const alice = await socketMember(server, 'Alice');
    const bob = await socketMember(server, 'Bob');
    const aliceEmail = (
      await server.db.selectFrom('users').select('email').where('id', '=', alice.user.id).executeTakeFirst()
    )?.email;
    await server.close();
    const bannedFile = path.join(dataDir, 'banned.txt');
    await writeFile(bannedFile, `# banned\n${aliceEmail?.toUpperCase()}\n`);
    const again = await startServer(
      loadConfig(
        { DATA_DIR: dataDir, LOG_LEVEL: 'silent', BANNED_EMAILS_FILE: bannedFile },
        { port: 0, host: '127.0.0.1', seedDemo: false },
      ),
    );
    onTestFinished(() => again.close());
    await expect(syncSocket(again, alice).opened).rejects.toThrow('HTTP 401');
    const bobs = syncSocket(again, bob);
    await bobs.opened;
  });
});
