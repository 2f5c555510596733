/**
 * Issue 18 item 4: what a new opener of a long chat (20,000 messages) pays to
 * show its last screen. Before (main): the screen waited for the whole doc
 * over the chat socket (sync step 2). Now: GET /api/chats/:id/recent answers
 * the newest 30 messages, and the doc syncs behind it. Each is measured on a
 * cold server copy (the doc is loaded from its log) and a warm one.
 *
 *   npx tsx tests/bench/long-chat-open.bench.ts     (LONG_CHAT_MESSAGES=20000)
 */
import { performance } from 'node:perf_hooks';
import { CHAT_SOCKET_PREFIX, type ChatRecentDto } from '@campus/shared/chat-api';
import { addMessage, messagesOf } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { benchChat, benchMember, getAs, socketHeaders, startBenchServer } from './chat-bench-server.ts';

const MESSAGES = Number(process.env.LONG_CHAT_MESSAGES) || 20_000;

const bench = await startBenchServer();
const { server } = bench;
const alice = await benchMember(server, 'Alice');
const bob = await benchMember(server, 'Bob');
const chatId = await benchChat(server, alice, bob);

// The history as compaction leaves it: one snapshot row.
const seedDoc = new Y.Doc();
const start = Date.now() - MESSAGES * 60_000;
seedDoc.transact(() => {
  for (let index = 0; index < MESSAGES; index++) {
    const at = start + index * 60_000;
    const authorId = index % 2 === 0 ? alice.id : bob.id;
    const text = `Message ${index}: is the desk still available? I can pick it up after class.`;
    addMessage(seedDoc, {
      id: uuidv7(at),
      authorId,
      text,
      createdAt: new Date(at).toISOString(),
      postId: null,
      attachment: null,
    });
  }
});
const snapshot = Y.encodeStateAsUpdate(seedDoc);
await server.db
  .insertInto('chat_updates')
  .values({ chat_id: chatId, update: snapshot, created_at: new Date().toISOString() })
  .execute();

async function fullDoc(): Promise<{ ms: number; bytes: number; messages: number }> {
  let bytes = 0;
  const headers = socketHeaders(server, bob);
  class CountingWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
      this.on('message', (data: Buffer | ArrayBuffer) => {
        bytes += data.byteLength;
      });
    }
  }
  const doc = new Y.Doc();
  const began = performance.now();
  const provider = new WebsocketProvider(`ws://127.0.0.1:${server.port}${CHAT_SOCKET_PREFIX}`, chatId, doc, {
    disableBc: true,
    WebSocketPolyfill: CountingWebSocket as unknown as typeof globalThis.WebSocket,
  });
  await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  const ms = performance.now() - began;
  provider.destroy();
  // The provider's destroy leaves its awareness's 3 s interval running, which kept this process alive.
  provider.awareness.destroy();
  return { ms, bytes, messages: messagesOf(doc).size };
}

async function recent(): Promise<{ ms: number; bytes: number; messages: number }> {
  const began = performance.now();
  const response = await getAs(server, bob, `/api/chats/${chatId}/recent`);
  const ms = performance.now() - began;
  if (response.status !== 200) throw new Error(`recent answered ${response.status}`);
  return { ms, bytes: response.bytes, messages: (JSON.parse(response.body) as ChatRecentDto).messages.length };
}

async function cold<T>(measure: () => Promise<T>): Promise<T> {
  await server.chatRooms.evict(chatId);
  return measure();
}

const rows: [string, { ms: number; bytes: number; messages: number }][] = [];
// One untimed round each, so module and JIT warm-up fall on neither.
await cold(fullDoc);
await cold(recent);
rows.push(['whole doc over the socket (main), cold', await cold(fullDoc)]);
rows.push(['whole doc over the socket (main), warm', await fullDoc()]);
rows.push(['GET /recent (now), cold', await cold(recent)]);
rows.push(['GET /recent (now), warm', await recent()]);

console.log(
  `A new opener of a ${MESSAGES.toLocaleString('en-US')}-message chat (snapshot ${(snapshot.length / 1024).toFixed(0)} KB), to show the last screen:`,
);
for (const [label, figure] of rows) {
  console.log(
    `${label.padEnd(40)} ${figure.ms.toFixed(1).padStart(8)} ms  ${(figure.bytes / 1024).toFixed(1).padStart(9)} KB  ${String(figure.messages).padStart(6)} messages`,
  );
}
await bench.close();
