import { CHAT_SOCKET_PREFIX } from '@campus/shared/chat-api';
import { addMessage, type ChatMessage, messagesOf } from '@campus/shared/chat-doc';
import { SESSION_ENDED_CLOSE } from '@campus/shared/sync-api';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { forgetPendingIds, keepOutgoing, loadOutgoing, loadPendingIds, savePendingIds } from './pending-messages.ts';
import { MESSAGE_SYNC, peekSyncStep, SYNC_STEP_1, SYNC_STEP_2, syncStep1Frame } from './sync-probe.ts';

export type ChatConnection = 'offline' | 'connecting' | 'online';

export interface ChatSyncSnapshot {
  /** Bumped on every change of the doc, so screens re-read it. */
  version: number;
  /** The device's copy has been read (y-indexeddb), so an empty doc really is empty. */
  isLoaded: boolean;
  connection: ChatConnection;
  /** The device's copy has caught up with the server's at least once since the screen opened. */
  hasSynced: boolean;
  /** The viewer's messages the server has not acknowledged: 'Waiting for connection…'. */
  pendingIds: ReadonlySet<string>;
  /** The server closed the socket for good (4400–4499: not a member, chat gone, signed out). */
  isRefused: boolean;
}

export interface ChatSync {
  readonly doc: Y.Doc;
  getSnapshot(): ChatSyncSnapshot;
  subscribe(listener: () => void): () => void;
  /** Adds one of the viewer's messages: shown at once, pending until the server has it. */
  send(message: ChatMessage): void;
  /** Forgets the device's copy (the chat was deleted). */
  clearLocal(): Promise<void>;
  destroy(): void;
}

export interface ChatSyncOptions {
  chatId: string;
  viewerId: string;
  /** The y-websocket server URL; the provider appends `/${chatId}`. */
  serverUrl: string;
  /**
   * The server's copy changed: another member's update arrived, or the server
   * has stored one of the viewer's (so the inbox row, which it writes, may differ).
   */
  onServerChange?: () => void;
  /**
   * The server ended the session (close 4401): answers whether the viewer is
   * still signed in (a fresh cookie), in which case the chat reconnects.
   */
  onSessionEnded?: () => Promise<boolean>;
}

/** Well under y-websocket's 30 s "no message received" watchdog. */
const PROBE_INTERVAL_MS = 10_000;

/** The device's database of one conversation, scoped to the viewer so another account never reads it. */
export function chatDatabaseName(viewerId: string, chatId: string): string {
  return `chat:${viewerId}:${chatId}`;
}

/** `ws(s)://{campus host}/api/chats/sync` (the provider adds `/{chatId}`). */
export function chatSocketUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${CHAT_SOCKET_PREFIX}`;
}

/** Conversations with an engine in this tab (by database name), their engines. */
const openChats = new Map<string, ChatSync[]>();

/** Whether this tab has the conversation open (its engine keeps the device's copy up to date). */
export function isChatOpen(viewerId: string, chatId: string): boolean {
  return openChats.has(chatDatabaseName(viewerId, chatId));
}

/** The conversation's engine in this tab, if one is running (a chat photo's delivery sends through it). */
export function openChatSync(viewerId: string, chatId: string): ChatSync | undefined {
  return openChats.get(chatDatabaseName(viewerId, chatId))?.at(-1);
}

/**
 * One conversation's Y.Doc, kept on the device by y-indexeddb and synced by
 * y-websocket once the device's copy is loaded (so offline messages go out
 * in the first exchange).
 *
 * When is a message delivered? The server answers every sync step 1 with a
 * step 2, in order, on the same socket. So a step 1 sent after our updates
 * (a "probe") comes back only after the server has taken them: the reply
 * acknowledges every pending id that existed when the probe was sent. On a
 * new connection the first probe waits for the server's own step 1 (answered
 * with everything it lacks, offline messages included) and for the
 * provider's sync. A dropped connection forgets its unanswered probes; the
 * ids stay pending and the next connection tries again. Yjs item ids make a
 * resend harmless: the server applies a message once.
 */
export function createChatSync({
  chatId,
  viewerId,
  serverUrl,
  onServerChange,
  onSessionEnded,
}: ChatSyncOptions): ChatSync {
  const doc = new Y.Doc();
  const databaseName = chatDatabaseName(viewerId, chatId);
  const persistence = new IndexeddbPersistence(databaseName, doc);
  const provider = new WebsocketProvider(serverUrl, chatId, doc, { connect: false, disableBc: true });
  const listeners = new Set<() => void>();
  const pending = loadPendingIds(viewerId, chatId);
  /** For each probe on the wire, oldest first: the ids it acknowledges, and whether it follows a change of ours. */
  let probes: { ids: Set<string>; isAfterChange: boolean }[] = [];
  let hasServerStep1 = false;
  let isDestroyed = false;
  let snapshot: ChatSyncSnapshot = {
    version: 0,
    isLoaded: false,
    connection: navigator.onLine ? 'connecting' : 'offline',
    hasSynced: false,
    pendingIds: new Set(pending),
    isRefused: false,
  };

  function update(patch: Partial<ChatSyncSnapshot>) {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  }

  function sendProbe(isAfterChange = false) {
    const socket = provider.ws;
    if (!provider.synced || !hasServerStep1 || !socket || socket.readyState !== WebSocket.OPEN) return;
    probes.push({ ids: new Set(pending), isAfterChange });
    socket.send(syncStep1Frame(doc));
  }

  function acknowledge(ids: Set<string>) {
    for (const id of ids) pending.delete(id);
    savePendingIds(viewerId, chatId, pending);
    update({ pendingIds: new Set(pending) });
  }

  const readSync = provider.messageHandlers[MESSAGE_SYNC];
  provider.messageHandlers[MESSAGE_SYNC] = (encoder, decoder, target, emitSynced, messageType) => {
    const step = peekSyncStep(decoder);
    const wasSynced = provider.synced;
    readSync?.(encoder, decoder, target, emitSynced, messageType);
    if (step === SYNC_STEP_2 && wasSynced) {
      const probe = probes.shift();
      if (probe) acknowledge(probe.ids);
      if (probe?.isAfterChange) onServerChange?.();
    } else if (step === SYNC_STEP_1) {
      hasServerStep1 = true;
      // Our answer (step 2) is sent after this handler returns; the probe must follow it.
      setTimeout(() => sendProbe(true), 0);
    }
  };

  provider.on('status', ({ status }) => {
    if (status === 'disconnected') {
      probes = [];
      hasServerStep1 = false;
    }
    const connection = !navigator.onLine
      ? 'offline'
      : status === 'connected' && provider.synced
        ? 'online'
        : 'connecting';
    update({ connection });
  });
  /**
   * A pending message the doc lacks once it holds the server's state was lost
   * on the device before y-indexeddb stored it (the tab closed): it is written
   * again from its kept copy. Only now, because the server refuses a message
   * written twice, and it may have received this one before the tab closed.
   */
  function restoreLostMessages() {
    const messages = messagesOf(doc);
    for (const message of loadOutgoing(viewerId, chatId)) {
      if (pending.has(message.id) && !messages.has(message.id)) addMessage(doc, message);
    }
  }

  provider.on('sync', (isSynced) => {
    update({
      connection: isSynced ? 'online' : navigator.onLine ? 'connecting' : 'offline',
      hasSynced: snapshot.hasSynced || isSynced,
    });
    if (!isSynced) return;
    restoreLostMessages();
    sendProbe(true);
  });
  provider.on('closed', ({ code }) => {
    if (code !== SESSION_ENDED_CLOSE.code) return update({ isRefused: true, connection: 'offline' });
    // Not this chat's refusal but the session's end: ask who is signed in rather than what the chat is.
    update({ connection: 'offline' });
    void onSessionEnded?.().then((isSignedIn) => {
      if (isSignedIn && !isDestroyed && navigator.onLine) provider.connect();
    });
  });

  doc.on('update', (_update: Uint8Array, origin: unknown) => {
    update({ version: snapshot.version + 1 });
    if (origin === provider) onServerChange?.();
    // The viewer's own change (a message, a like, a read): ask when the server has it.
    else if (origin !== persistence) sendProbe(true);
  });

  // The browser knows before the socket does (a dead socket can take a minute to notice).
  function goOffline() {
    provider.disconnect();
    update({ connection: 'offline' });
  }
  function goOnline() {
    if (snapshot.isLoaded && !snapshot.isRefused) provider.connect();
    update({ connection: 'connecting' });
  }
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', goOnline);
  const probeTimer = window.setInterval(() => sendProbe(), PROBE_INTERVAL_MS);

  void persistence.whenSynced.then(() => {
    if (isDestroyed) return;
    update({ isLoaded: true, version: snapshot.version + 1 });
    if (navigator.onLine) provider.connect();
  });

  const sync: ChatSync = {
    doc,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(message) {
      pending.add(message.id);
      keepOutgoing(viewerId, chatId, message);
      savePendingIds(viewerId, chatId, pending);
      snapshot = { ...snapshot, pendingIds: new Set(pending) };
      // Its update goes out at once if connected, and the probe after it (doc 'update' above).
      addMessage(doc, message);
    },
    async clearLocal() {
      forgetPendingIds(viewerId, chatId);
      provider.disconnect();
      await persistence.clearData();
    },
    destroy() {
      if (isDestroyed) return;
      isDestroyed = true;
      const others = (openChats.get(databaseName) ?? []).filter((open) => open !== sync);
      if (others.length > 0) openChats.set(databaseName, others);
      else openChats.delete(databaseName);
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      window.clearInterval(probeTimer);
      listeners.clear();
      provider.destroy();
      void persistence.destroy();
      doc.destroy();
    },
  };
  openChats.set(databaseName, [...(openChats.get(databaseName) ?? []), sync]);
  return sync;
}
