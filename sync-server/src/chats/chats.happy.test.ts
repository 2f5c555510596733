import { CHAT_MESSAGES, CHAT_PAGE_SIZE, type UserSearchDto } from '@campus/shared/chat-api';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { bodyOf, createMember, createMembers, nextMillisecond } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { chatOf, inboxOf, recordMessage, recordRead, requestChat, startChat } from './chat-test-helpers.ts';

describe('starting a chat (spec 2 §4 reuse-or-create)', () => {
  it('creates a chat with both as members, then reuses it whoever starts it', async () => {
    const app = await createTestApp();
    const alice = await createMember(app, { first_name: 'Alice' });
    const bob = await createMember(app, { first_name: 'Bob', username: 'bobby' });

    const created = await requestChat(app, alice, bob.user.id);
    expect(created.status).toBe(201);
    const { chat, isNew } = (await created.json()) as Awaited<ReturnType<typeof startChat>>;
    expect(isNew).toBe(true);
    expect(chat).toMatchObject({
      otherUser: { id: bob.user.id, username: 'bobby', firstName: 'Bob' },
      lastMessage: null,
      lastMessageAuthorId: null,
      isUnread: false,
      lastMessageStatus: null,
    });
    const members = await app.db.selectFrom('chat_members').select('user_id').where('chat_id', '=', chat.id).execute();
    expect(members.map((member) => member.user_id).sort()).toEqual([alice.user.id, bob.user.id].sort());

    const again = await startChat(app, alice, bob.user.id);
    const reverse = await requestChat(app, bob, alice.user.id);
    expect(reverse.status).toBe(200);
    expect(again).toMatchObject({ isNew: false, chat: { id: chat.id } });
    expect(await reverse.json()).toMatchObject({
      isNew: false,
      chat: { id: chat.id, otherUser: { id: alice.user.id } },
    });
    expect(await app.db.selectFrom('chats').select('id').execute()).toHaveLength(1);
  });

  it('tells both members’ inboxes through the change log (kind chat, user topic)', async () => {
    const app = await createTestApp();
    const [alice, bob] = await createMembers(app, 2);
    const { chat } = await startChat(app, alice, bob.user.id);
    const changes = await app.db
      .selectFrom('changes')
      .select(['user_id', 'kind', 'chat_id', 'post_id'])
      .where('kind', '=', 'chat')
      .execute();
    expect(changes).toEqual(
      expect.arrayContaining([
        { user_id: alice.user.id, kind: 'chat', chat_id: chat.id, post_id: null },
        { user_id: bob.user.id, kind: 'chat', chat_id: chat.id, post_id: null },
      ]),
    );
  });
});

describe('the inbox (spec 2 §2 Messages, §4)', () => {
  it('lists chats newest activity first with unread, Delivered and Seen', async () => {
    const app = await createTestApp();
    const me = await createMember(app);
    const ann = await createMember(app, { first_name: 'Ann' });
    const ben = await createMember(app, { first_name: 'Ben' });
    const toAnn = (await startChat(app, me, ann.user.id)).chat.id;
    const toBen = (await startChat(app, me, ben.user.id)).chat.id;
    await nextMillisecond();
    const mine = await recordMessage(app.db, toAnn, me.user.id, 'Still selling the lamp?');
    await nextMillisecond();
    await recordMessage(app.db, toBen, ben.user.id, 'Hi! Is the bike yours?');

    const first = await inboxOf(app, me);
    expect(first.chats.map((chat) => chat.id)).toEqual([toBen, toAnn]);
    expect(first.chats[0]).toMatchObject({
      lastMessage: 'Hi! Is the bike yours?',
      isUnread: true,
      lastMessageStatus: null,
    });
    expect(first.chats[1]).toMatchObject({
      lastMessage: 'Still selling the lamp?',
      lastMessageAuthorId: me.user.id,
      isUnread: false,
      lastMessageStatus: CHAT_MESSAGES.delivered,
    });

    await recordRead(app.db, toAnn, ann.user.id, mine);
    expect((await chatOf(app, me, toAnn)).lastMessageStatus).toBe(CHAT_MESSAGES.seen);
    expect(await chatOf(app, ann, toAnn)).toMatchObject({ otherUser: { id: me.user.id }, isUnread: false });
  });

  it('shows a chat someone else started only once it has a message', async () => {
    const app = await createTestApp();
    const [me, stranger] = await createMembers(app, 2);
    const { chat } = await startChat(app, stranger, me.user.id);
    expect((await inboxOf(app, me)).chats).toEqual([]);
    expect((await inboxOf(app, stranger)).chats.map((row) => row.id)).toEqual([chat.id]);
    await recordMessage(app.db, chat.id, stranger.user.id, 'Hey');
    expect((await inboxOf(app, me)).chats.map((row) => row.id)).toEqual([chat.id]);
  });

  it(`pages ${CHAT_PAGE_SIZE} at a time with a cursor`, async () => {
    const app = await createTestApp();
    const me = await createMember(app);
    const ids: string[] = [];
    for (let index = 0; index < CHAT_PAGE_SIZE + 2; index++) {
      const other = await createMember(app);
      ids.unshift((await startChat(app, me, other.user.id)).chat.id);
      await nextMillisecond();
    }
    const first = await inboxOf(app, me);
    expect(first.chats.map((chat) => chat.id)).toEqual(ids.slice(0, CHAT_PAGE_SIZE));
    expect(first.nextCursor).not.toBeNull();
    const second = await inboxOf(app, me, first.nextCursor ?? '');
    expect(second.chats.map((chat) => chat.id)).toEqual(ids.slice(CHAT_PAGE_SIZE));
    expect(second.nextCursor).toBeNull();
  });
});

describe('deleting a chat (spec 2 §4 "removing it for both")', () => {
  it('answers Chat deleted and removes the chat, its members, log and notifications for both', async () => {
    const app = await createTestApp();
    const [alice, bob] = await createMembers(app, 2);
    const { chat } = await startChat(app, alice, bob.user.id);
    await recordMessage(app.db, chat.id, alice.user.id, 'Hi');
    await app.db
      .insertInto('chat_updates')
      .values({ chat_id: chat.id, update: Buffer.from([0, 0]), created_at: new Date().toISOString() })
      .execute();
    await app.db
      .insertInto('notifications')
      .values({
        id: crypto.randomUUID(),
        campus_id: 'ou',
        to_user_id: bob.user.id,
        from_user_id: alice.user.id,
        type: 'new chat',
        merge_key: `new chat:${chat.id}`,
        post_id: null,
        chat_id: chat.id,
        message: 'Hi',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();

    const response = await app.request(`/api/chats/${chat.id}`, { method: 'DELETE', session: bob.session });
    expect(await bodyOf(response, 200)).toEqual({ msg: CHAT_MESSAGES.deleted });
    for (const actor of [alice, bob]) {
      expect((await app.request(`/api/chats/${chat.id}`, { session: actor.session })).status).toBe(404);
      expect((await inboxOf(app, actor)).chats).toEqual([]);
    }
    for (const table of ['chat_members', 'chat_updates', 'notifications'] as const) {
      expect(await app.db.selectFrom(table).selectAll().execute()).toEqual([]);
    }
    // Starting again makes a new chat.
    expect((await startChat(app, alice, bob.user.id)).isNew).toBe(true);
  });
});

describe('the new-message user search (spec 1 §4)', () => {
  it('finds school-verified members of this campus by username, first or last name prefix, any case', async () => {
    const app = await createTestApp();
    const me = await createMember(app, { first_name: 'Sam', username: 'sammy' });
    const jo = await createUser(app.db, { first_name: 'Jo', last_name: 'Smith', username: 'jojo' });
    const sally = await createUser(app.db, { first_name: 'Sally', last_name: 'Ride', username: 'sally_r' });
    await createUser(app.db, { first_name: 'Sal', username: 'unverified_sal', school_verified: 0 });
    await createUser(app.db, { first_name: 'Salma', username: 'texas_salma', campus_id: 'ut' });

    async function search(q: string) {
      const body = await bodyOf<UserSearchDto>(
        await app.request(`/api/users/search?q=${encodeURIComponent(q)}`, { session: me.session }),
        200,
      );
      return body.users.map((user) => user.id);
    }
    expect(await search('SA')).toEqual([sally.id]);
    expect(await search('smi')).toEqual([jo.id]);
    expect(await search('JoJ')).toEqual([jo.id]);
    expect(await search('sally r')).toEqual([sally.id]);
    expect(await search('s')).toEqual([]);
    expect(await search('%')).toEqual([]);
  });

  it('answers at most 10 users', async () => {
    const app = await createTestApp();
    const me = await createMember(app);
    for (let index = 0; index < 12; index++) await createUser(app.db, { username: `zed${index}` });
    const body = await bodyOf<UserSearchDto>(await app.request('/api/users/search?q=ze', { session: me.session }), 200);
    expect(body.users).toHaveLength(10);
  });
});
