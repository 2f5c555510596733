import { scaled } from '@campus/shared/time-scale';
import 'fake-indexeddb/auto';
import { sortedMessages } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prefetchChats } from './chat-prefetch.ts';
import { type ChatSync, chatDatabaseName, createChatSync } from './chat-sync.ts';
import { type ReferenceChatServer, startReferenceChatServer } from './reference-chat-server.test-helpers.ts';

/**
 * The chat engine against the reference y-websocket server (@y/websocket-server,
 * the protocol the app's server speaks): when a message stops being pending,
 * and that a message written offline survives a "reload" and arrives once.
 */
const network = { onLine: true };
let server: ReferenceChatServer;
let serverUrl = '';
const open: ChatSync[] = [];
/** The path of every socket the server accepted (`/{chatId}`). */
const connections: string[] = [];

beforeAll(async () => {
  server = await startReferenceChatServer(network, (_socket, request) => {
    connections.push(request.url ?? '');
    return false;
  });
  serverUrl = server.url;
});

afterEach(() => {
  for (const sync of open.splice(0)) sync.destroy();
  network.onLine = true;
});

afterAll(() => server.stop());

function connect(chatId: string, viewerId: string): ChatSync {
  const sync = createChatSync({ chatId, viewerId, serverUrl });
  open.push(sync);
  return sync;
}

function write(sync: ChatSync, authorId: string, text: string): string {
  const id = uuidv7();
  sync.send({ id, authorId, text, createdAt: new Date().toISOString(), postId: null, attachment: null });
  return id;
}

function setOnline(isOnline: boolean) {
  network.onLine = isOnline;
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline')); // the stubbed window
}

function countText(sync: ChatSync, text: string): number {
  return sortedMessages(sync.doc).filter((message) => message.text === text).length;
}

async function until(condition: () => boolean, what: string) {
  await vi.waitFor(() => expect(condition(), what).toBe(true), { timeout: scaled(5000), interval: 20 });
}

/** Emily and Marcus with the chat open, both connected. */
async function emilyAndMarcusOnline(chatId: string) {
  const emily = connect(chatId, 'emily');
  const marcus = connect(chatId, 'marcus');
  await until(() => emily.getSnapshot().connection === 'online', 'emily online');
  await until(() => marcus.getSnapshot().connection === 'online', 'marcus online');
  return { emily, marcus };
}

describe('chat sync against a y-websocket server', () => {
  it('shows a message as pending until the server has answered a probe sent after it', async () => {
    const chatId = uuidv7();
    const { emily, marcus } = await emilyAndMarcusOnline(chatId);

    const id = write(emily, 'emily', 'Is the desk still available?');
    // Pending at once: nothing has come back from the server yet.
    expect(emily.getSnapshot().pendingIds.has(id)).toBe(true);
    expect(countText(emily, 'Is the desk still available?')).toBe(1);
    await until(() => !emily.getSnapshot().pendingIds.has(id), 'acknowledged');
    await until(() => countText(marcus, 'Is the desk still available?') === 1, 'delivered live');
  });

  it('keeps a message written offline through a reload, then delivers it exactly once', async () => {
    const chatId = uuidv7();
    const { emily, marcus } = await emilyAndMarcusOnline(chatId);

    // One process, one `window`: both devices drop off and come back together here.
    setOnline(false);
    expect(emily.getSnapshot().connection).toBe('offline');
    const id = write(emily, 'emily', 'Written with no signal');
    expect(emily.getSnapshot().pendingIds.has(id)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(countText(marcus, 'Written with no signal')).toBe(0);

    // "Reload": a new engine on the same device storage, still offline.
    emily.destroy();
    open.splice(open.indexOf(emily), 1);
    const reloaded = connect(chatId, 'emily');
    await until(() => reloaded.getSnapshot().isLoaded, 'device copy read');
    expect(countText(reloaded, 'Written with no signal')).toBe(1);
    expect(reloaded.getSnapshot().pendingIds.has(id)).toBe(true);
    expect(reloaded.getSnapshot().connection).toBe('offline');

    setOnline(true);
    await until(() => !reloaded.getSnapshot().pendingIds.has(id), 'acknowledged after reconnect');
    await until(() => countText(marcus, 'Written with no signal') === 1, 'delivered live');
    // A second round trip changes nothing: the same Yjs items are never applied twice.
    setOnline(false);
    setOnline(true);
    await until(() => reloaded.getSnapshot().connection === 'online', 'online again');
    expect(countText(marcus, 'Written with no signal')).toBe(1);
    expect(countText(reloaded, 'Written with no signal')).toBe(1);
  });

  it('still delivers, once, a message whose device copy was lost when the tab closed before storing it', async () => {
    const chatId = uuidv7();
    const { emily, marcus } = await emilyAndMarcusOnline(chatId);
    setOnline(false);
    const id = write(emily, 'emily', 'Sent as the tab closed');

    // The tab closes before y-indexeddb's write lands: the pending mark survives, the doc's copy does not.
    emily.destroy();
    open.splice(open.indexOf(emily), 1);
    await new Promise((resolve) => {
      indexedDB.deleteDatabase(chatDatabaseName('emily', chatId)).onsuccess = resolve;
    });
    const reloaded = connect(chatId, 'emily');
    await until(() => reloaded.getSnapshot().isLoaded, 'device copy read');
    expect(countText(reloaded, 'Sent as the tab closed')).toBe(0);
    expect(reloaded.getSnapshot().pendingIds.has(id)).toBe(true);

    setOnline(true);
    await until(() => countText(marcus, 'Sent as the tab closed') === 1, 'delivered live');
    await until(() => !reloaded.getSnapshot().pendingIds.has(id), 'acknowledged');
    expect(countText(reloaded, 'Sent as the tab closed')).toBe(1);
  });
});

describe("prefetching the inbox's conversations onto the device", () => {
  const summary = (id: string, lastModified: string) => ({ id, lastModified });

  it('opens a conversation never opened on this device with no network, once the inbox was read online', async () => {
    const chatId = uuidv7();
    const emily = connect(chatId, 'emily');
    await until(() => emily.getSnapshot().connection === 'online', 'emily online');
    const id = write(emily, 'emily', 'Still selling the lamp?');
    await until(() => !emily.getSnapshot().pendingIds.has(id), 'stored by the server');

    await prefetchChats('marcus', [summary(chatId, '2026-11-22T10:00:00.000Z')], serverUrl);

    setOnline(false);
    const marcus = connect(chatId, 'marcus');
    await until(() => marcus.getSnapshot().isLoaded, 'device copy read');
    expect(marcus.getSnapshot().connection).toBe('offline');
    expect(countText(marcus, 'Still selling the lamp?')).toBe(1);
  });

  it('syncs a conversation again only when its inbox row changed, and never one open on this screen', async () => {
    const quiet = uuidv7();
    const busy = uuidv7();
    const openHere = uuidv7();
    connect(openHere, 'marcus');
    await until(() => connections.includes(`/${openHere}`), 'the open chat connected');
    const socketsTo = (chatId: string) => connections.filter((url) => url === `/${chatId}`).length;

    await prefetchChats('marcus', [summary(quiet, 'a'), summary(busy, 'a'), summary(openHere, 'a')], serverUrl);
    expect([socketsTo(quiet), socketsTo(busy), socketsTo(openHere)]).toEqual([1, 1, 1]);

    await prefetchChats('marcus', [summary(quiet, 'a'), summary(busy, 'b'), summary(openHere, 'b')], serverUrl);
    expect([socketsTo(quiet), socketsTo(busy), socketsTo(openHere)]).toEqual([1, 2, 1]);

    // Only the inbox's newest are remembered: the others are forgotten, the unchanged one not synced again.
    await prefetchChats('marcus', [summary(busy, 'b')], serverUrl);
    expect(socketsTo(busy)).toBe(2);
    expect(Object.keys(JSON.parse(localStorage.getItem('chat-prefetched:marcus') ?? '{}'))).toEqual([busy]);
  });
});
