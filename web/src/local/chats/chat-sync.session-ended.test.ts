import { scaled } from '@campus/shared/time-scale';
import 'fake-indexeddb/auto';
import { uuidv7 } from '@campus/shared/ids';
import { SESSION_ENDED_CLOSE } from '@campus/shared/sync-api';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ChatSync, createChatSync } from './chat-sync.ts';
import { type ReferenceChatServer, startReferenceChatServer } from './reference-chat-server.test-helpers.ts';

/**
 * Decision 020: a chat socket closed with 4401 'Session ended' is not this
 * chat's refusal: the engine asks whether the viewer is still signed in and
 * reconnects if so; it does not report the chat as refused. The server is
 * the reference y-websocket server, which ends the first socket of each chat
 * with 4401 as the app's server does on logout.
 */
let server: ReferenceChatServer;
let serverUrl = '';
const open: ChatSync[] = [];
const accepted = new Map<string, number>();

beforeAll(async () => {
  server = await startReferenceChatServer({ onLine: true }, (socket, request) => {
    const path = request.url ?? '';
    const count = (accepted.get(path) ?? 0) + 1;
    accepted.set(path, count);
    if (count === 1) setTimeout(() => socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason), 50);
    return false;
  });
  serverUrl = server.url;
});

afterEach(() => {
  for (const sync of open.splice(0)) sync.destroy();
});

afterAll(() => server.stop());

async function until(condition: () => boolean, what: string) {
  await vi.waitFor(() => expect(condition(), what).toBe(true), { timeout: scaled(5000), interval: 20 });
}

describe('chat sync when the session ends', () => {
  it('asks whether the viewer is still signed in; signed out, it stays offline and is not "refused"', async () => {
    const chatId = uuidv7();
    let asked = 0;
    const sync = createChatSync({
      chatId,
      viewerId: 'emily',
      serverUrl,
      onSessionEnded: async () => {
        asked += 1;
        return false;
      },
    });
    open.push(sync);
    await until(() => asked === 1, 'the session check');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(accepted.get(`/${chatId}`)).toBe(1);
    expect(sync.getSnapshot()).toMatchObject({ isRefused: false, connection: 'offline' });
  });

  it('still signed in (a fresh cookie), it connects again', async () => {
    const chatId = uuidv7();
    const sync = createChatSync({ chatId, viewerId: 'emily', serverUrl, onSessionEnded: async () => true });
    open.push(sync);
    await until(() => accepted.get(`/${chatId}`) === 2, 'the second connection');
    await until(() => sync.getSnapshot().connection === 'online', 'online again');
    expect(sync.getSnapshot().isRefused).toBe(false);
  });
});
