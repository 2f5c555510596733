/**
 * One member's open conversation for the durability test, doing what the web
 * app's chat engine does (web/src/local/chats/chat-sync.ts) over a
 * real `ws` socket: the Y.Doc outlives every connection (y-indexeddb keeps
 * it in the browser), each message goes out as an update with a sync step 1
 * behind it (a probe), and the probe's step 2 acknowledges every message
 * that was pending when the probe left. A new connection sends step 1,
 * answers the server's step 1 with everything the server lacks (unacked
 * messages included) and probes once synced. A message's key is its UUIDv7
 * id; Yjs item ids make a resend harmless.
 */
import { CHAT_SOCKET_PREFIX } from '@campus/shared/chat-api';
import { addMessage } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { SeededMember } from './durability-seed.ts';

const MESSAGE_SYNC = 0;
const FROM_SERVER = 'server';
const RECONNECT_MS = 60;

export interface ChatRecord {
  id: string;
  text: string;
  /** The update that carried the message the first time, kept to send the very same bytes again. */
  update: Uint8Array;
  isAcked: boolean;
}

function syncFrame(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

export class ChatWriter {
  readonly doc = new Y.Doc();
  readonly records = new Map<string, ChatRecord>();
  /** Closes with a 44xx code: the server refused something (never expected here). */
  readonly refusals: string[] = [];
  online = true;
  port = 0;
  private readonly pending = new Set<string>();
  private probes: Set<string>[] = [];
  private ws: WebSocket | null = null;
  private isSynced = false;
  private hasServerStep1 = false;
  private adding: string | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private sequence = 0;

  constructor(
    readonly member: SeededMember,
    readonly chatId: string,
    private readonly onAck: (record: ChatRecord) => void,
  ) {
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === FROM_SERVER) return;
      const id = this.adding;
      if (id) this.records.set(id, { id, text: this.textOf(id), update, isAcked: false });
      if (this.ws?.readyState !== WebSocket.OPEN) return;
      this.ws.send(syncFrame((encoder) => syncProtocol.writeUpdate(encoder, update)));
      this.sendProbe();
    });
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  private textOf(id: string): string {
    return `Message ${this.sequence} from ${this.member.userId.slice(-6)} (${id.slice(-6)})`;
  }

  /** Writes one message: kept in the doc at once, sent if connected, pending until acknowledged. */
  send(): void {
    this.sequence += 1;
    const id = uuidv7();
    this.pending.add(id);
    this.adding = id;
    try {
      addMessage(this.doc, {
        id,
        authorId: this.member.userId,
        text: this.textOf(id),
        createdAt: new Date().toISOString(),
        postId: null,
        attachment: null,
      });
    } finally {
      this.adding = null;
    }
  }

  /** Sends the very updates of acknowledged messages again (the same item ids), then a probe. */
  resend(records: ChatRecord[]): void {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.isSynced) {
      throw new Error('resend needs a synced connection');
    }
    for (const record of records) {
      this.ws.send(syncFrame((encoder) => syncProtocol.writeUpdate(encoder, record.update)));
    }
    this.sendProbe();
  }

  get isReady(): boolean {
    return this.isSynced && this.hasServerStep1 && this.ws?.readyState === WebSocket.OPEN;
  }

  /** Connected, synced, nothing pending and every probe answered (resends included). */
  get isSettled(): boolean {
    return this.isReady && this.pending.size === 0 && this.probes.length === 0;
  }

  private sendProbe(): void {
    if (!this.isReady) return;
    this.probes.push(new Set(this.pending));
    this.ws?.send(syncFrame((encoder) => syncProtocol.writeSyncStep1(encoder, this.doc)));
  }

  private acknowledge(ids: Set<string>): void {
    for (const id of ids) {
      this.pending.delete(id);
      const record = this.records.get(id);
      if (record && !record.isAcked) {
        record.isAcked = true;
        this.onAck(record);
      }
    }
  }

  connect(): void {
    if (!this.online || this.ws) return;
    const host = `ou.localhost:${this.port}`;
    const ws = new WebSocket(`ws://127.0.0.1:${this.port}${CHAT_SOCKET_PREFIX}${this.chatId}`, {
      headers: { host, origin: `http://${host}`, cookie: `session=${this.member.token}` },
      perMessageDeflate: false,
    });
    this.ws = ws;
    ws.on('open', () => ws.send(syncFrame((encoder) => syncProtocol.writeSyncStep1(encoder, this.doc))));
    ws.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return;
      const step = decoder.arr[decoder.pos];
      const wasSynced = this.isSynced;
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, MESSAGE_SYNC);
      syncProtocol.readSyncMessage(decoder, encoder, this.doc, FROM_SERVER);
      if (encoding.length(encoder) > 1) ws.send(encoding.toUint8Array(encoder));
      if (step === syncProtocol.messageYjsSyncStep2) {
        if (wasSynced) {
          const probe = this.probes.shift();
          if (probe) this.acknowledge(probe);
        } else {
          this.isSynced = true;
          this.sendProbe();
        }
      } else if (step === syncProtocol.messageYjsSyncStep1) {
        // Our step 2 (everything the server lacks) just went out; the probe follows it.
        this.hasServerStep1 = true;
        this.sendProbe();
      }
    });
    ws.on('error', () => {});
    ws.on('unexpected-response', (_request, response) => {
      this.refusals.push(`upgrade answered HTTP ${response.statusCode}`);
      ws.terminate();
    });
    ws.on('close', (code, reason) => {
      if (code >= 4400 && code < 4500) this.refusals.push(`closed ${code} ${reason.toString()}`);
      if (this.ws !== ws) return; // dropped by disconnect(), which already forgot it
      this.forgetConnection();
      if (this.online && this.refusals.length === 0) this.scheduleReconnect();
    });
  }

  /** A dropped connection forgets its unanswered probes; their ids stay pending. */
  private forgetConnection(): void {
    this.ws = null;
    this.isSynced = false;
    this.hasServerStep1 = false;
    this.probes = [];
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, RECONNECT_MS);
  }

  /** Offline: the socket is dropped and nothing reconnects until connect(). */
  disconnect(): void {
    this.online = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.ws?.terminate();
    this.forgetConnection();
  }

  close(): void {
    this.disconnect();
    this.doc.destroy();
  }
}
