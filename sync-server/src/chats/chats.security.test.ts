import { CHAT_MESSAGES, type UserSearchDto } from '@campus/shared/chat-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_MESSAGE } from '../sessions/viewer.middleware.ts';
import { expectError } from '../test/accounts.ts';
import { createBlock, createUser } from '../test/factories.ts';
import { bodyOf, createMember, createMembers } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { inboxOf, recordMessage, requestChat, startChat } from './chat-test-helpers.ts';

describe('chat routes: who may do what', () => {
  it('answers 401 to a signed-out visitor on every route', async () => {
    const app = await createTestApp();
    const someone = await createMember(app);
    const { chat } = await startChat(app, await createMember(app), someone.user.id);
    for (const [path, method] of [
      ['/api/chats', 'GET'],
      ['/api/chats', 'POST'],
      [`/api/chats/${chat.id}`, 'GET'],
      [`/api/chats/${chat.id}`, 'DELETE'],
      ['/api/users/search?q=te', 'GET'],
    ] as const) {
      const json = method === 'POST' ? { userId: someone.user.id } : undefined;
      await expectError(await app.request(path, { method, json }), 401, SIGNED_OUT_MESSAGE);
    }
    expect(await app.db.selectFrom('chats').select('id').execute()).toHaveLength(1);
  });

  it('needs a school-verified member of this campus to start a chat or search (spec 2 §5)', async () => {
    const app = await createTestApp();
    const other = await createMember(app);
    const unverified = await createMember(app, { school_verified: 0 });
    const guest = await createMember(app, { campus_id: 'ut' });
    for (const actor of [unverified, { ...guest, host: 'ou.localhost' }]) {
      await expectError(await requestChat(app, actor, other.user.id), 403, POST_MESSAGES.verifyToContinue);
      const search = await app.request('/api/users/search?q=te', { session: actor.session, host: actor.host });
      await expectError(search, 403, POST_MESSAGES.verifyToContinue);
    }
    expect(await app.db.selectFrom('chats').select('id').execute()).toEqual([]);
  });

  it('only users of the same campus: a user of another campus is as missing as an unknown one', async () => {
    const app = await createTestApp();
    const me = await createMember(app);
    const texan = await createMember(app, { campus_id: 'ut' });
    await expectError(await requestChat(app, me, texan.user.id), 404, POST_MESSAGES.profileMissing);
    const search = await bodyOf<UserSearchDto>(
      await app.request(`/api/users/search?q=${texan.user.username.slice(0, 4)}`, { session: me.session }),
      200,
    );
    expect(search.users.map((user) => user.id)).not.toContain(texan.user.id);
  });

  it('blocked users cannot message each other: 403 either way, hidden from inbox, chat and search', async () => {
    const app = await createTestApp();
    const alice = await createMember(app, { username: 'alice' });
    const bob = await createMember(app, { username: 'albert' });
    const { chat } = await startChat(app, alice, bob.user.id);
    await recordMessage(app.db, chat.id, alice.user.id, 'Hi');
    await createBlock(app.db, bob.user.id, alice.user.id);

    await expectError(await requestChat(app, alice, bob.user.id), 403, CHAT_MESSAGES.blocked);
    await expectError(await requestChat(app, bob, alice.user.id), 403, CHAT_MESSAGES.blocked);
    for (const actor of [alice, bob]) {
      expect((await inboxOf(app, actor)).chats).toEqual([]);
      await expectError(
        await app.request(`/api/chats/${chat.id}`, { session: actor.session }),
        404,
        CHAT_MESSAGES.missing,
      );
      const search = await bodyOf<UserSearchDto>(
        await app.request('/api/users/search?q=al', { session: actor.session }),
        200,
      );
      expect(search.users).toEqual([]);
    }
  });

  it("a chat is its two members' only: others cannot read or delete it, nor reach it from another campus", async () => {
    const app = await createTestApp();
    const [alice, bob, eve] = await createMembers(app, 3);
    const { chat } = await startChat(app, alice, bob.user.id);
    await expectError(await app.request(`/api/chats/${chat.id}`, { session: eve.session }), 404, CHAT_MESSAGES.missing);
    await expectError(
      await app.request(`/api/chats/${chat.id}`, { method: 'DELETE', session: eve.session }),
      404,
      CHAT_MESSAGES.missing,
    );
    const elsewhere = await app.request(`/api/chats/${chat.id}`, { session: alice.session, host: 'utexas.localhost' });
    await expectError(elsewhere, 404, CHAT_MESSAGES.missing);
    expect((await inboxOf(app, eve)).chats).toEqual([]);
    expect(await app.db.selectFrom('chats').select('id').execute()).toHaveLength(1);
  });

  it('refuses a cross-site delete', async () => {
    const app = await createTestApp();
    const alice = await createMember(app);
    const { chat } = await startChat(app, alice, (await createMember(app)).user.id);
    const response = await app.request(`/api/chats/${chat.id}`, {
      method: 'DELETE',
      session: alice.session,
      headers: { origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await app.db.selectFrom('chats').select('id').execute()).toHaveLength(1);
  });

  it('two starts at once, from both sides, end in one chat', async () => {
    const app = await createTestApp();
    const [alice, bob] = await createMembers(app, 2);
    const answers = await Promise.all([
      requestChat(app, alice, bob.user.id),
      requestChat(app, bob, alice.user.id),
      requestChat(app, alice, bob.user.id),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(await app.db.selectFrom('chats').select('id').execute()).toHaveLength(1);
    expect(await app.db.selectFrom('chat_members').select('user_id').execute()).toHaveLength(2);
  });

  it('search never answers the viewer', async () => {
    const app = await createTestApp();
    const me = await createMember(app, { username: 'selfie' });
    await createUser(app.db, { username: 'selma' });
    const body = await bodyOf<UserSearchDto>(
      await app.request('/api/users/search?q=sel', { session: me.session }),
      200,
    );
    expect(body.users.map((user) => user.username)).toEqual(['selma']);
  });
});
