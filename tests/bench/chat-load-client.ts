/**
 * A lean chat client for the bench: a real Y.Doc speaking y-protocols sync
 * over `ws`, as the y-websocket WebsocketProvider does it (sync step 1 on
 * open, a step 2 for the server's step 1, every local update sent as an
 * update message, every remote one applied), minus awareness, broadcast
 * channels and timers, so a thousand of them fit in one process. The same
 * client drives both servers.
 */
import { performance } from 'node:perf_hooks';
import { CHAT_SOCKET_PREFIX } from '@campus/shared/chat-api';
import { addMessage, type ChatMessage, messagesOf } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

const MESSAGE_SYNC = 0;
const FROM_SERVER = 'server';
const STAMP = ' sent at ';

/** Wall-clock ms with sub-ms precision, comparable across processes on one machine. */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

/** The message text carries its send time, so the receiving member can time the delivery. */
function stampedText(sequence: number, sentAt: number): string {
  return `Bench message ${sequence}${STAMP}${sentAt.toFixed(3)}`;
}

export function sentAtOf(text: string): number {
  const at = text.lastIndexOf(STAMP);
  return at < 0 ? Number.NaN : Number(text.slice(at + STAMP.length));
}

export interface ChatClientTarget {
  port: number;
  /** Host header, e.g. ou.localhost (with the port added); Origin is the same host. */
  host: string;
  chatId: string;
  userId: string;
  token: string;
}

export interface ChatLoadClient {
  readonly userId: string;
  readonly doc: Y.Doc;
  /** The server answered the client's sync step 1. */
  readonly synced: Promise<void>;
  /** Adds a message authored by this client to its doc; the doc's update goes out at once. Answers its send time. */
  send(sequence: number): number;
  /** Called for each message of another member that lands in this client's doc. */
  onDelivered: (message: ChatMessage, receivedAt: number) => void;
  /** Set when the socket closed without close() (a refusal, an error). */
  readonly unexpectedClose: string | null;
  close(): Promise<void>;
}

function syncMessage(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

export function connectChatClient(target: ChatClientTarget, timeoutMs = 15_000): ChatLoadClient {
  const host = `${target.host}:${target.port}`;
  const ws = new WebSocket(`ws://127.0.0.1:${target.port}${CHAT_SOCKET_PREFIX}${target.chatId}`, {
    headers: { host, origin: `http://${host}`, cookie: `session=${target.token}` },
    perMessageDeflate: false,
  });
  const doc = new Y.Doc();
  const messages = messagesOf(doc);
  let isClosing = false;
  let unexpectedClose: string | null = null;
  let markSynced: () => void = () => {};
  let failSync: (error: Error) => void = () => {};
  const synced = new Promise<void>((resolve, reject) => {
    markSynced = resolve;
    failSync = reject;
  });
  const syncTimer = setTimeout(() => failSync(new Error(`no sync within ${timeoutMs} ms`)), timeoutMs);
  synced.then(
    () => clearTimeout(syncTimer),
    () => clearTimeout(syncTimer),
  );

  const client: ChatLoadClient = {
    userId: target.userId,
    doc,
    synced,
    send(sequence) {
      const sentAt = nowMs();
      addMessage(doc, {
        id: uuidv7(),
        authorId: target.userId,
        text: stampedText(sequence, sentAt),
        createdAt: new Date(sentAt).toISOString(),
        postId: null,
        attachment: null,
      });
      return sentAt;
    },
    onDelivered: () => {},
    get unexpectedClose() {
      return unexpectedClose;
    },
    close() {
      isClosing = true;
      doc.destroy();
      if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
      const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
      if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
      else ws.close();
      return closed;
    },
  };

  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === FROM_SERVER || ws.readyState !== WebSocket.OPEN) return;
    ws.send(syncMessage((encoder) => syncProtocol.writeUpdate(encoder, update)));
  });
  messages.observe((event) => {
    const receivedAt = nowMs();
    for (const key of event.keysChanged) {
      const message = messages.get(key);
      if (message && message.authorId !== target.userId) client.onDelivered(message, receivedAt);
    }
  });

  ws.on('open', () => {
    ws.send(syncMessage((encoder) => syncProtocol.writeSyncStep1(encoder, doc)));
  });
  ws.on('message', (data: Buffer) => {
    if (isClosing) return; // the doc is destroyed
    const decoder = decoding.createDecoder(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return; // awareness: not kept
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    const type = syncProtocol.readSyncMessage(decoder, encoder, doc, FROM_SERVER);
    if (encoding.length(encoder) > 1) ws.send(encoding.toUint8Array(encoder));
    if (type === syncProtocol.messageYjsSyncStep2) markSynced();
  });
  ws.on('unexpected-response', (_request, response) => {
    failSync(new Error(`the upgrade answered HTTP ${response.statusCode}`));
    ws.terminate();
  });
  ws.on('error', (error) => {
    failSync(error);
    if (!isClosing) unexpectedClose ??= error.message;
  });
  ws.on('close', (code, reason) => {
    failSync(new Error(`closed ${code} before syncing`));
    if (!isClosing) unexpectedClose ??= `closed ${code} ${reason.toString()}`;
  });
  return client;
}
