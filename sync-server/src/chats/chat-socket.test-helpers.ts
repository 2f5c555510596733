import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHAT_SOCKET_PREFIX } from '@campus/shared/chat-api';
import type { ChatMessage } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import * as encoding from 'lib0/encoding';
import { onTestFinished } from 'vitest';
import WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { loadConfig } from '../config.ts';
import { type RunningServer, startServer } from '../server.ts';
import { createSession, generateSessionToken } from '../sessions/session.ts';
import { createUser } from '../test/factories.ts';
import { socketOpened } from '../test/socket-opened.ts';
import { findOrCreateChat } from './chats.repository.ts';

export interface SocketActor {
  user: { id: string; first_name: string };
  token: string;
  host: string;
}

/** A real server on a free port (or `port`) over a database file in `dataDir`; closed when the test ends. */
export async function startChatServer(options: { dataDir?: string; port?: number; env?: Record<string, string> } = {}) {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'campus-chat-')));
  // Registered first, so it runs last (vitest runs onTestFinished in reverse): after this server and
  // any later one on the same directory (a restart) have closed.
  if (!options.dataDir) onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const server = await startServer(
    loadConfig(
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env },
      { port: options.port ?? 0, host: '127.0.0.1', seedDemo: false },
    ),
  );
  onTestFinished(() => server.close());
  return { server, dataDir };
}

const HOSTS: Record<string, string> = { ou: 'ou.localhost', ut: 'utexas.localhost' };

export async function socketMember(server: RunningServer, firstName = 'Test', campusId = 'ou'): Promise<SocketActor> {
  const user = await createUser(server.db, { campus_id: campusId, first_name: firstName, profile_set_up: 1 });
  const token = generateSessionToken();
  await createSession(server.db, token, user.id);
  return { user: { id: user.id, first_name: firstName }, token, host: HOSTS[campusId] ?? 'ou.localhost' };
}

export async function chatBetween(server: RunningServer, a: SocketActor, b: SocketActor, campusId = 'ou') {
  return (await findOrCreateChat(server.db, campusId, a.user.id, b.user.id)).chatId;
}

/** A running server (with `env` over its config) with two OU members, Alice and Bob, and a chat between them. */
export async function aliceAndBob(env?: Record<string, string>) {
  const { server } = await startChatServer({ env });
  const alice = await socketMember(server, 'Alice');
  const bob = await socketMember(server, 'Bob');
  const chatId = await chatBetween(server, alice, bob);
  return { server, alice, bob, chatId };
}

/** aliceAndBob(), each connected to the chat by the stock client (`a`, `b`) and synced. */
export async function aliceAndBobLive() {
  const pair = await aliceAndBob();
  const a = connectProvider(pair.server, pair.alice, pair.chatId);
  const b = connectProvider(pair.server, pair.bob, pair.chatId);
  await Promise.all([whenSynced(a.provider), whenSynced(b.provider)]);
  return { ...pair, a, b };
}

export interface SocketOptions {
  host?: string;
  token?: string;
  origin?: string;
}

function headersFor(server: RunningServer, options: SocketOptions): Record<string, string> {
  const host = `${options.host ?? 'ou.localhost'}:${server.port}`;
  const headers: Record<string, string> = { host, origin: options.origin ?? `http://${host}` };
  if (options.token) headers.cookie = `session=${options.token}`;
  return headers;
}

/** The stock y-websocket client, as the web app uses it, with this actor's cookie and host. */
export function connectProvider(server: RunningServer, actor: SocketActor, chatId: string, doc = new Y.Doc()) {
  const headers = headersFor(server, actor);
  class WebSocketWithHeaders extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  }
  const provider = new WebsocketProvider(`ws://127.0.0.1:${server.port}${CHAT_SOCKET_PREFIX}`, chatId, doc, {
    disableBc: true,
    maxBackoffTime: 300,
    WebSocketPolyfill: WebSocketWithHeaders as unknown as typeof globalThis.WebSocket,
  });
  onTestFinished(() => provider.destroy());
  return { doc, provider };
}

/** A raw socket on a chat, for what the stock client never sends. `closed` resolves with the close code. */
export function rawSocket(server: RunningServer, chatId: string, options: SocketOptions) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${CHAT_SOCKET_PREFIX}${chatId}`, {
    headers: headersFor(server, options),
  });
  onTestFinished(() => ws.terminate());
  const received: Uint8Array[] = [];
  ws.on('message', (data: Buffer) => received.push(new Uint8Array(data)));
  return {
    ws,
    received,
    opened: socketOpened(ws),
    closed: new Promise<number>((resolve) => ws.once('close', (code) => resolve(code))),
    /** Sends `update` as a y-protocols sync update message (or as a sync step 2). */
    sendUpdate(update: Uint8Array, as: 'update' | 'step2' = 'update') {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0);
      encoding.writeVarUint(encoder, as === 'step2' ? syncProtocol.messageYjsSyncStep2 : syncProtocol.messageYjsUpdate);
      encoding.writeVarUint8Array(encoder, update);
      ws.send(encoding.toUint8Array(encoder));
    },
    /** Sends a sync step 1 with `stateVector`, as a client asks what it lacks. */
    sendStepOne(stateVector: Uint8Array) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0);
      encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep1);
      encoding.writeVarUint8Array(encoder, stateVector);
      ws.send(encoding.toUint8Array(encoder));
    },
    /** How many sync step 1 messages (the server asking for what it lacks) arrived so far. */
    stepOnes() {
      return received.filter((data) => data[0] === 0 && data[1] === syncProtocol.messageYjsSyncStep1).length;
    },
    stepTwos() {
      return received.filter((data) => data[0] === 0 && data[1] === syncProtocol.messageYjsSyncStep2).length;
    },
  };
}

export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function whenSynced(provider: WebsocketProvider): Promise<void> {
  return waitFor(() => provider.synced, 'the provider to sync');
}

/** A plain text message by `authorId`, dated `at` (its UUIDv7 id carries the same time). */
export function chatMessage(authorId: string, text = 'hello', at = Date.now()): ChatMessage {
  return { id: uuidv7(at), authorId, text, createdAt: new Date(at).toISOString(), postId: null, attachment: null };
}
