import { CHAT_RECENT_SIZE, type ChatRecentDto } from '@campus/shared/chat-api';
import { markRead, setLiked } from '@campus/shared/chat-doc';
import { describe, expect, it } from 'vitest';
import { bodyOf, createMember, createMembers } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { startChat, storeHistory } from './chat-test-helpers.ts';

describe('GET /api/chats/:id/recent (decision 019)', () => {
  it('answers the newest messages oldest first, their likes and the read positions', async () => {
    const app = await createTestApp();
    const alice = await createMember(app, { first_name: 'Alice' });
    const bob = await createMember(app, { first_name: 'Bob' });
    const { chat } = await startChat(app, alice, bob.user.id);
    const members = [alice.user.id, bob.user.id];
    const ids = await storeHistory(app.db, chat.id, members, CHAT_RECENT_SIZE + 12, (doc, all) => {
      setLiked(doc, all[0] as string, bob.user.id, true); // too old to be on the last screen
      setLiked(doc, all.at(-2) as string, alice.user.id, true);
      markRead(doc, bob.user.id, all.at(-3) as string);
    });

    const recent = await bodyOf<ChatRecentDto>(await app.request(`/api/chats/${chat.id}/recent`, { ...bob }), 200);
    expect(recent.messages.map((message) => message.id)).toEqual(ids.slice(-CHAT_RECENT_SIZE));
    expect(recent.messages.at(-1)).toMatchObject({ text: `message ${CHAT_RECENT_SIZE + 11}`, authorId: bob.user.id });
    expect(recent.likes).toEqual([`${ids.at(-2)}:${alice.user.id}`]);
    expect(recent.reads).toEqual({ [bob.user.id]: ids.at(-3) });
    expect(recent.hasEarlier).toBe(true);
  });

  it('answers an empty page for a chat without messages, and a short chat whole', async () => {
    const app = await createTestApp();
    const [alice, bob] = await createMembers(app, 2);
    const { chat } = await startChat(app, alice, bob.user.id);
    const empty = await bodyOf<ChatRecentDto>(await app.request(`/api/chats/${chat.id}/recent`, { ...alice }), 200);
    expect(empty).toEqual({ messages: [], likes: [], reads: {}, hasEarlier: false });

    const other = await createMember(app);
    const { chat: short } = await startChat(app, alice, other.user.id);
    const ids = await storeHistory(app.db, short.id, [alice.user.id], 3);
    const page = await bodyOf<ChatRecentDto>(await app.request(`/api/chats/${short.id}/recent`, { ...alice }), 200);
    expect(page.messages.map((message) => message.id)).toEqual(ids);
    expect(page.hasEarlier).toBe(false);
  });
});
