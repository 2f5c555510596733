import {
  type ChangeNotice,
  type ClientSyncMessage,
  SESSION_ENDED_CLOSE,
  type ServerSyncMessage,
} from '@campus/shared/sync-api';
import { backoffDelay } from './backoff.ts';

export { backoffDelay };

export type ConnectionStatus = 'offline' | 'connecting' | 'online';

export interface SyncConnectionOptions {
  url: string;
  /** The last seq applied on this device, or null to start from now. */
  loadCursor(): Promise<number | null>;
  saveCursor(cursor: number): Promise<void>;
  /** Applies notices; the cursor moves past them only after this resolves. */
  onNotices(changes: ChangeNotice[]): Promise<void>;
  /** The cursor was too old: reload what is shown from the server. */
  onReset(): Promise<void>;
  /** Caught up after (re)connecting: the moment to drain the outbox. */
  onCaughtUp(): void;
  onStatus(status: ConnectionStatus): void;
  /**
   * The server ended the session (close 4401: logout or a password change
   * elsewhere): no reconnecting until `nudge()`; the caller asks who is signed in.
   */
  onSessionEnded?(): void;
  /** The user's unread counts moved (issue 21): what the badges show now. Never moves the cursor. */
  onUnread?(counts: { notifications: number; chats: number }): void;
  createSocket?(url: string): WebSocket;
  /** Backoff: base and cap of the delay before reconnecting, before jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A ping this often; no answer within the same time closes the socket. */
  heartbeatMs?: number;
  random?(): number;
}

export interface SyncConnection {
  start(): void;
  /** Reconnect now (the browser says it is online again, or the tab became visible). */
  nudge(): void;
  stop(): void;
}

/**
 * The one live connection (issue 5): says hello with its cursor, applies the
 * catch-up and every later notice in order, and reconnects with backoff and
 * jitter when the network drops. Status goes offline → connecting → online.
 */
export function createSyncConnection(options: SyncConnectionOptions): SyncConnection {
  const {
    url,
    baseDelayMs = 500,
    maxDelayMs = 30_000,
    heartbeatMs = 25_000,
    random = Math.random,
    createSocket = (address) => new WebSocket(address),
  } = options;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  let isStopped = true;
  let awaitingPong = false;
  // Messages are applied strictly one after another.
  let applying: Promise<void> = Promise.resolve();

  function setStatus(status: ConnectionStatus) {
    options.onStatus(status);
  }

  function send(message: ClientSyncMessage) {
    // The instance's own OPEN: a socket from createSocket (e.g. `ws` in Node 20) has no global WebSocket beside it.
    if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  /**
   * Applies every message that arrived while the last batch was applied, as
   * one: a reset first if there was one, then the notices after it (a post
   * changed five times is fetched once), then the last cursor.
   */
  async function handle(batch: Exclude<ServerSyncMessage, { type: 'pong' | 'unread' }>[], isFirst: boolean) {
    const lastReset = batch.findLastIndex((message) => message.type === 'reset');
    if (lastReset >= 0) await options.onReset();
    const changes = batch
      .slice(lastReset + 1)
      .flatMap((message) => (message.type === 'changes' ? message.changes : []));
    if (changes.length > 0) await options.onNotices(changes);
    const last = batch.at(-1);
    if (last) await options.saveCursor(last.cursor);
    if (isFirst) {
      attempt = 0;
      setStatus('online');
      options.onCaughtUp();
    }
  }

  function scheduleReconnect() {
    if (isStopped) return;
    clearTimeout(reconnectTimer);
    const delay = backoffDelay(attempt, baseDelayMs, maxDelayMs, random);
    attempt += 1;
    reconnectTimer = setTimeout(connect, delay);
  }

  function connect() {
    if (isStopped || socket) return;
    clearTimeout(reconnectTimer);
    setStatus('connecting');
    let opened: WebSocket;
    try {
      opened = createSocket(url);
    } catch {
      setStatus('offline');
      scheduleReconnect();
      return;
    }
    socket = opened;
    let isFirst = true;
    // Once this connection is given up on, nothing more from it is applied: a
    // message after one that failed would move the cursor past the failure.
    let isAbandoned = false;
    let isFinished = false;

    function finish(event?: { code?: number }) {
      if (isFinished) return;
      isFinished = true;
      clearTimeout(openTimer);
      clearInterval(heartbeatTimer);
      if (socket === opened) socket = null;
      setStatus('offline');
      if (event?.code === SESSION_ENDED_CLOSE.code) options.onSessionEnded?.();
      else scheduleReconnect();
    }

    /**
     * Drops this connection and reconnects now. Its onclose is not waited
     * for: on a connection gone silent the closing handshake never completes,
     * and Chromium waits 60 s for it before firing close.
     */
    function abandon() {
      isAbandoned = true;
      opened.onopen = null;
      opened.onmessage = null;
      opened.onclose = null;
      opened.close();
      finish();
    }

    // A connection that does not open in time (the network died mid-handshake) is given up on too.
    const openTimer = setTimeout(abandon, heartbeatMs);
    opened.onopen = () => {
      clearTimeout(openTimer);
      void options.loadCursor().then((since) => {
        send({ type: 'hello', since });
      });
      awaitingPong = false;
      heartbeatTimer = setInterval(() => {
        if (awaitingPong) {
          abandon();
          return;
        }
        awaitingPong = true;
        send({ type: 'ping' });
      }, heartbeatMs);
    };
    // Messages wait here while the previous batch is applied; the next batch takes them all.
    const backlog: Exclude<ServerSyncMessage, { type: 'pong' | 'unread' }>[] = [];
    opened.onmessage = (event) => {
      let message: ServerSyncMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerSyncMessage;
      } catch {
        return;
      }
      if (message.type === 'pong') {
        awaitingPong = false;
        return;
      }
      if (message.type === 'unread') {
        options.onUnread?.({ notifications: message.notifications, chats: message.chats });
        return;
      }
      backlog.push(message);
      if (backlog.length > 1) return; // a batch is already queued and will take this one too
      applying = applying
        .then(() => {
          if (isAbandoned) return;
          const first = isFirst;
          isFirst = false;
          return handle(backlog.splice(0), first);
        })
        .catch((error: unknown) => {
          // A notice that could not be applied: reconnecting replays it from the saved cursor.
          console.error('sync notice failed', error);
          abandon();
        });
    };
    opened.onclose = (event) => finish(event);
  }

  return {
    start() {
      if (!isStopped) return;
      isStopped = false;
      connect();
    },
    nudge() {
      if (isStopped || socket) return;
      attempt = 0;
      connect();
    },
    stop() {
      isStopped = true;
      clearTimeout(reconnectTimer);
      clearInterval(heartbeatTimer);
      socket?.close();
      socket = null;
      setStatus('offline');
    },
  };
}
