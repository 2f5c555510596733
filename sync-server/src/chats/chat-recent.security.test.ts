import { CHAT_MESSAGES } from '@campus/shared/chat-api';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_MESSAGE } from '../sessions/viewer.middleware.ts';
import { expectError } from '../test/accounts.ts';
import { createBlock } from '../test/factories.ts';
import { createMember, createMembers } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { startChat, storeHistory } from './chat-test-helpers.ts';

describe('GET /api/chats/:id/recent: who may read it', () => {
  it('only its two members, on its own campus; blocked pairs and visitors read nothing', async () => {
    const app = await createTestApp();
    const [alice, bob, eve] = await createMembers(app, 3);
    const texan = await createMember(app, { campus_id: 'ut' });
    const { chat } = await startChat(app, alice, bob.user.id);
    await storeHistory(app.db, chat.id, [alice.user.id, bob.user.id], 4);
    const path = `/api/chats/${chat.id}/recent`;

    await expectError(await app.request(path), 401, SIGNED_OUT_MESSAGE);
    await expectError(await app.request(path, { ...eve }), 404, CHAT_MESSAGES.missing);
    await expectError(await app.request(path, { ...texan }), 404, CHAT_MESSAGES.missing);
    await expectError(await app.request(path, { ...texan, host: 'ou.localhost' }), 404, CHAT_MESSAGES.missing);
    await expectError(await app.request(path, { ...alice, host: 'utexas.localhost' }), 404, CHAT_MESSAGES.missing);
    expect((await app.request(path, { ...alice })).status).toBe(200);

    await createBlock(app.db, bob.user.id, alice.user.id);
    await expectError(await app.request(path, { ...alice }), 404, CHAT_MESSAGES.missing);
    await expectError(await app.request(path, { ...bob }), 404, CHAT_MESSAGES.missing);
  });
});
