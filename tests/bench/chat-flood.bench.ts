/**
 * Issue 18 item 4: how many messages one member can store by flooding a chat.
 * A raw client sends messages as fast as the socket takes them, 100 to a frame
 * (the most one update may carry), reconnecting at once whenever it is closed
 * or refused. Run once with the message rate off (what main allowed, frames
 * aside: the issue measured 27,500 messages in 5 frames in 5.4 s) and once
 * with the defaults (CHAT_MESSAGE_BURST=30, CHAT_MESSAGES_PER_MINUTE=60).
 * Prints messages stored and per minute (scaled from a shorter window: the first minute holds
 * the burst, so a scaled figure overstates the sustained rate).
 *
 *   npx tsx tests/bench/chat-flood.bench.ts        (CHAT_FLOOD_SECONDS=60 for a full minute; default 20)
 */
import { CHAT_SOCKET_PREFIX } from '@campus/shared/chat-api';
import { addMessage, messagesOf } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { loadChatLog } from '@campus/sync-server/chats/chat-update-log';
import type { Db } from '@campus/sync-server/db/database';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { benchChat, benchMember, socketHeaders, startBenchServer } from './chat-bench-server.ts';

const SECONDS = Number(process.env.CHAT_FLOOD_SECONDS) || 20;
const UNLIMITED_SECONDS = Math.min(SECONDS, 5);

function updateFrame(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint(encoder, syncProtocol.messageYjsUpdate);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

async function docFromLog(db: Db, chatId: string): Promise<Y.Doc> {
  const doc = new Y.Doc();
  await loadChatLog(db, chatId, doc);
  return doc;
}

async function flood(label: string, env: Record<string, string>, seconds: number, perFrame: number) {
  const bench = await startBenchServer(env);
  const { server } = bench;
  const mallory = await benchMember(server, 'Mallory');
  const victim = await benchMember(server, 'Victim');
  const chatId = await benchChat(server, mallory, victim);
  const url = `ws://127.0.0.1:${server.port}${CHAT_SOCKET_PREFIX}${chatId}`;
  const headers = socketHeaders(server, mallory);
  const stats = { frames: 0, closes: new Map<string, number>(), refusedUpgrades: 0 };
  const end = Date.now() + seconds * 1000;

  // Each connection starts from a fresh doc (a new Yjs client id): nothing it sends builds on a refused update.
  async function connection(): Promise<void> {
    const ws = new WebSocket(url, { headers });
    const closed = new Promise<void>((resolve) => {
      ws.once('close', (code) => {
        stats.closes.set(String(code), (stats.closes.get(String(code)) ?? 0) + 1);
        resolve();
      });
      ws.once('unexpected-response', (_request, response) => {
        stats.refusedUpgrades += 1;
        ws.removeAllListeners('close');
        response.resume();
        resolve();
      });
      ws.once('error', () => resolve());
    });
    await new Promise<void>((resolve) => {
      ws.once('open', () => resolve());
      void closed.then(resolve);
    });
    const doc = new Y.Doc();
    while (ws.readyState === WebSocket.OPEN && Date.now() < end) {
      const before = Y.encodeStateVector(doc);
      doc.transact(() => {
        for (let index = 0; index < perFrame; index++) {
          const id = uuidv7();
          addMessage(doc, {
            id,
            authorId: mallory.id,
            text: `flood ${id}`,
            createdAt: new Date().toISOString(),
            postId: null,
            attachment: null,
          });
        }
      });
      ws.send(updateFrame(Y.encodeStateAsUpdate(doc, before)));
      stats.frames += 1;
      // As fast as the socket drains.
      while (ws.bufferedAmount > 256 * 1024 && ws.readyState === WebSocket.OPEN)
        await new Promise((r) => setTimeout(r, 1));
      await new Promise((resolve) => setImmediate(resolve));
    }
    ws.terminate();
    await closed;
  }

  while (Date.now() < end) {
    await connection();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await server.chatRooms.settled();
  // From the log, as a later opener gets it (the room may have been dropped while only upgrades were refused).
  const stored = messagesOf(await docFromLog(server.db, chatId)).size;
  const rows = await server.db
    .selectFrom('chat_updates')
    .select((eb) => eb.fn.sum<number>(eb.fn('length', ['update'])).as('bytes'))
    .where('chat_id', '=', chatId)
    .executeTakeFirst();
  console.log(
    `${label.padEnd(32)} ${String(seconds).padStart(3)} s  frames sent ${String(stats.frames).padStart(6)}  ` +
      `stored ${String(stored).padStart(7)}  per minute ${String(Math.round((stored * 60) / seconds)).padStart(8)}${seconds < 60 ? ' (scaled)' : ''}  ` +
      `log ${((Number(rows?.bytes) || 0) / 1024).toFixed(0).padStart(6)} KB  closes ${JSON.stringify(Object.fromEntries(stats.closes))}  ` +
      `refused upgrades ${stats.refusedUpgrades}`,
  );
  await bench.close();
}

console.log(
  'One member flooding one chat as fast as the socket takes it, reconnecting at once when closed or refused:',
);
const OFF = { CHAT_MESSAGE_BURST: '1000000000', CHAT_MESSAGES_PER_MINUTE: '1000000000' };
await flood('rate off (as main), 100 a frame', OFF, UNLIMITED_SECONDS, 100);
await flood('defaults, 100 a frame', {}, SECONDS, 100);
await flood('defaults, 1 a frame', {}, SECONDS, 1);
