import { CHAT_MESSAGES } from '@campus/shared/chat-api';
import { uuidv7 } from '@campus/shared/ids';
import { describe, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('GET /api/chats/:id/recent: bad ids', () => {
  it("answers 404 'This conversation doesn't exist' for an unknown or malformed id", async () => {
    const app = await createTestApp();
    const alice = await createMember(app);
    for (const id of [uuidv7(), 'not-an-id', "x'%20or%201=1"]) {
      await expectError(await app.request(`/api/chats/${id}/recent`, { ...alice }), 404, CHAT_MESSAGES.missing);
    }
  });
});
