import { CHAT_SOCKET_PREFIX, type StartChatResponse } from '@campus/shared/chat-api';
import { addMessage } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import type { WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { messageWith } from '../support/chat-page.ts';
import { signIn } from '../support/demo-session.ts';
import { DESKTOP, expectVisible, gotoApp, openPage } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

const MESSAGES = 3_000;

function textOf(index: number): string {
  return `Message #${index}.`;
}

async function userId(email: string): Promise<string> {
  const row = await suite.server.server.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores `MESSAGES` messages in the chat as one compacted row, and drops the server's loaded copy. */
async function seedLongChat(chatId: string, authorIds: [string, string]): Promise<void> {
  const doc = new Y.Doc();
  const start = Date.now() - MESSAGES * 60_000;
  doc.transact(() => {
    for (let index = 0; index < MESSAGES; index++) {
      const at = start + index * 60_000;
      addMessage(doc, {
        id: uuidv7(at),
        authorId: authorIds[index % 2] as string,
        text: textOf(index),
        createdAt: new Date(at).toISOString(),
        postId: null,
        attachment: null,
      });
    }
  });
  const { server } = suite.server;
  await server.db
    .insertInto('chat_updates')
    .values({ chat_id: chatId, update: Y.encodeStateAsUpdate(doc), created_at: new Date().toISOString() })
    .execute();
  await server.chatRooms.evict(chatId);
}

// issue 18 item 4: a device that holds nothing of a long chat shows its last screen before the doc syncs.
describe('opening a long chat on a new device, on ou.localhost', () => {
  it('shows the newest messages while the chat socket is held, then the whole history once it syncs', async () => {
    const origin = suite.server.origin('ou');
    const jordan = await openPage(suite.browser, `${origin}/home`, DESKTOP);
    // Every chat socket is held open with no server behind it until `isHeld` turns false.
    let isHeld = true;
    const held: WebSocketRoute[] = [];
    await jordan.page.routeWebSocket(
      (url) => url.pathname.startsWith(CHAT_SOCKET_PREFIX),
      (socket) => {
        if (isHeld) held.push(socket);
        else socket.connectToServer();
      },
    );
    await signIn(jordan.page, origin, 'jordanw@ou.edu');
    const [jordanId, priyaId] = await Promise.all([userId('jordanw@ou.edu'), userId('priyas@ou.edu')]);
    const started = (await jordan.page.evaluate(async (id) => {
      const response = await fetch('/api/chats', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: id }),
      });
      return response.json();
    }, priyaId)) as StartChatResponse;
    const chatId = started.chat.id;
    await seedLongChat(chatId, [priyaId, jordanId]);

    await gotoApp(jordan.page, `${origin}/messages/${chatId}`);
    const newest = messageWith(jordan.page, textOf(MESSAGES - 1));
    await expectVisible(newest);
    // Shown from GET /recent: the socket has not carried a byte of the doc.
    expect(held.length).toBeGreaterThan(0);
    expect(suite.server.server.chatSocketCount).toBe(0);
    // The last screen is read-only until the doc syncs: no like can go into a doc that is not there yet.
    await expectVisible(messageWith(jordan.page, textOf(MESSAGES - 2)).locator('.message__bubble'));
    expect(await jordan.page.getByRole('button', { name: 'Like message' }).count()).toBe(0);

    // The socket goes through: the doc syncs behind the same screen, and the whole history is there.
    isHeld = false;
    for (const socket of held) await socket.close({ code: 1012, reason: 'released' });
    await expectVisible(messageWith(jordan.page, textOf(MESSAGES - 2)).getByRole('button', { name: 'Like message' }));
    expect(await newest.count()).toBe(1);
    const earlier = jordan.page.getByRole('button', { name: 'Load earlier' });
    for (let page = 0; page < 3; page++) await earlier.click();
    // 60 shown: further back than the 30 GET /recent answers.
    await expectVisible(messageWith(jordan.page, textOf(MESSAGES - 60)));
    expect(await jordan.page.locator('.message').count()).toBe(60);
    await jordan.context.close();
  });
});
