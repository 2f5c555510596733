import { CHAT_MESSAGES } from '@campus/shared/chat-api';
import { uuidv7 } from '@campus/shared/ids';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { requestChat } from './chat-test-helpers.ts';

describe('chat routes: errors', () => {
  it("refuses a chat with oneself (422 'You can't message yourself.') and keeps nothing", async () => {
    const app = await createTestApp();
    const me = await createMember(app);
    await expectError(await requestChat(app, me, me.user.id), 422, CHAT_MESSAGES.notYourself);
    expect(await app.db.selectFrom('chats').select('id').execute()).toEqual([]);
  });

  it("answers 'Please select a user!' without a user, and 400 for a body that is not JSON", async () => {
    const app = await createTestApp();
    const me = await createMember(app);
    await expectError(
      await app.request('/api/chats', { session: me.session, json: {} }),
      422,
      CHAT_MESSAGES.selectUser,
      'userId',
    );
    await expectError(
      await app.request('/api/chats', { session: me.session, json: { userId: '' } }),
      422,
      CHAT_MESSAGES.selectUser,
    );
    const garbled = await app.request('/api/chats', {
      method: 'POST',
      session: me.session,
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbled.status).toBe(400);
  });

  it('answers 404 for a user who does not exist', async () => {
    const app = await createTestApp();
    const me = await createMember(app);
    await expectError(await requestChat(app, me, uuidv7()), 404, POST_MESSAGES.profileMissing);
  });

  it("answers 'This conversation doesn't exist' for an unknown chat, to read or delete", async () => {
    const app = await createTestApp();
    const me = await createMember(app);
    await expectError(await app.request(`/api/chats/${uuidv7()}`, { session: me.session }), 404, CHAT_MESSAGES.missing);
    await expectError(await app.request('/api/chats/not-an-id', { session: me.session }), 404, CHAT_MESSAGES.missing);
    await expectError(
      await app.request(`/api/chats/${uuidv7()}`, { method: 'DELETE', session: me.session }),
      404,
      CHAT_MESSAGES.missing,
    );
  });

  it('answers 400 for a cursor that is not one', async () => {
    const app = await createTestApp();
    const me = await createMember(app);
    expect((await app.request('/api/chats?cursor=garbage', { session: me.session })).status).toBe(400);
  });
});
