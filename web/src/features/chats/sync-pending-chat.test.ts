import 'fake-indexeddb/auto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAT_SOCKET_CLOSE } from '@campus/shared/chat-api';
import { sortedMessages } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { SESSION_ENDED_CLOSE } from '@campus/shared/sync-api';
import { docs } from '@y/websocket-server/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatSync } from './chat-sync.ts';
import { pendingChatIds } from './pending-chats.ts';
import { type ReferenceChatServer, startReferenceChatServer } from './reference-chat-server.test-helpers.ts';
import { syncPendingChat } from './sync-pending-chat.ts';
import { waitForSnapshot } from './wait-for-snapshot.ts';

/**
 * Issue 19: a chat's messages written on the device while it is not on
 * screen, sent by the app-wide sender's engine, against the reference
 * y-websocket server. Chats whose id the server is told to refuse (4403) or
 * whose session it ends (4401) are closed at once, as the app's server does.
 */
const network = { onLine: true };
let server: ReferenceChatServer;
let serverUrl = '';
const accepted = new Map<string, number>();
const closeWith = new Map<string, number>();

beforeAll(async () => {
  server = await startReferenceChatServer(network, (socket, request) => {
    const chatId = (request.url ?? '').slice(1);
    accepted.set(chatId, (accepted.get(chatId) ?? 0) + 1);
    const code = closeWith.get(chatId);
    if (code) socket.close(code, 'closed by the test server');
    return code !== undefined;
  });
  serverUrl = server.url;
});

afterAll(() => server.stop());

/** Emily writes `text` with no network, and the tab closes: the message is on the device, pending. */
async function writeOfflineAndClose(chatId: string, text: string): Promise<void> {
  network.onLine = false;
  const sync = createChatSync({ chatId, viewerId: 'emily', serverUrl });
  await waitForSnapshot(sync, (snapshot) => snapshot.isLoaded, 5000);
  sync.send({
    id: uuidv7(),
    authorId: 'emily',
    text,
    createdAt: new Date().toISOString(),
    postId: null,
    attachment: null,
  });
  sync.destroy();
  network.onLine = true;
}

function countOnServer(chatId: string, text: string): number {
  const doc = docs.get(chatId);
  return doc ? sortedMessages(doc).filter((message) => message.text === text).length : 0;
}

describe('sending a chat that is not on screen', () => {
  it('sends the messages written offline, clears their marks once acknowledged, and stores them once', async () => {
    const chatId = uuidv7();
    await writeOfflineAndClose(chatId, 'Written offline, the tab closed');
    expect(pendingChatIds('emily')).toContain(chatId);
    expect(countOnServer(chatId, 'Written offline, the tab closed')).toBe(0);

    expect(await syncPendingChat('emily', chatId, { serverUrl })).toBe('sent');
    expect(pendingChatIds('emily')).not.toContain(chatId);
    expect(countOnServer(chatId, 'Written offline, the tab closed')).toBe(1);

    // A second pass (another start of the app) has nothing to send and changes nothing.
    expect(await syncPendingChat('emily', chatId, { serverUrl })).toBe('sent');
    expect(countOnServer(chatId, 'Written offline, the tab closed')).toBe(1);
  });

  it('answers refused on a refusal (4403), keeps the marks, and does not reconnect', async () => {
    const chatId = uuidv7();
    closeWith.set(chatId, CHAT_SOCKET_CLOSE.refused);
    await writeOfflineAndClose(chatId, 'To a chat that refuses');
    expect(await syncPendingChat('emily', chatId, { serverUrl })).toBe('refused');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(accepted.get(chatId)).toBe(1);
    expect(pendingChatIds('emily')).toContain(chatId);
  });

  it('answers sessionEnded on 4401 at once, without reconnecting', async () => {
    const chatId = uuidv7();
    closeWith.set(chatId, SESSION_ENDED_CLOSE.code);
    await writeOfflineAndClose(chatId, 'After the session ended');
    const started = Date.now();
    expect(await syncPendingChat('emily', chatId, { serverUrl })).toBe('sessionEnded');
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(accepted.get(chatId)).toBe(1);
  });

  it('answers failed when the server does not answer in time', async () => {
    const chatId = uuidv7();
    await writeOfflineAndClose(chatId, 'To a server that is down');
    const nowhere = createServer();
    await new Promise<void>((resolve) => nowhere.listen(0, '127.0.0.1', resolve));
    const port = (nowhere.address() as AddressInfo).port;
    await new Promise((resolve) => nowhere.close(resolve));
    expect(await syncPendingChat('emily', chatId, { serverUrl: `ws://127.0.0.1:${port}`, timeoutMs: 500 })).toBe(
      'failed',
    );
    expect(pendingChatIds('emily')).toContain(chatId);
  });
});
