import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLAIM_MESSAGES } from '@campus/shared/email-link-rules';
import { describe, expect, it } from 'vitest';
import { createPasswordUser, expectError } from '../test/accounts.ts';
import { createTestApp } from '../test/test-app.ts';

function claim(app: Awaited<ReturnType<typeof createTestApp>>, json: unknown, host?: string) {
  return app.request('/api/auth/claim-link', { json, host });
}

describe('claim-link errors', () => {
  it('a verified account cannot be claimed: 409 and no mail', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { username: 'emilyc', email: 'emily@ou.edu', verified: 1 });
    await expectError(await claim(app, { username: 'emilyc' }), 409, CLAIM_MESSAGES.alreadyVerified, 'username');
    expect(await app.mails()).toEqual([]);
  });

  it.each([[{ username: 'nobody' }], [{ username: '' }], [{ username: 'x'.repeat(51) }]])(
    '%j: 404 or 422 with "This account doesn\'t exist."',
    async (json) => {
      const app = await createTestApp();
      const response = await claim(app, json);
      expect([404, 422]).toContain(response.status);
      await expectError(response, response.status, CLAIM_MESSAGES.notFound, 'username');
      expect(await app.mails()).toEqual([]);
    },
  );

  it('a body without a username is a 422, bad JSON a 400', async () => {
    const app = await createTestApp();
    expect((await claim(app, {})).status).toBe(422);
    const bad = await app.request('/api/auth/claim-link', {
      method: 'POST',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
  });

  it('a banned address is not mailed and answers as an account that is not there', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'banned-'));
    const bannedEmailsFile = path.join(folder, 'banned.txt');
    await writeFile(bannedEmailsFile, 'troll@gmail.com\n');
    const app = await createTestApp({ bannedEmailsFile });
    await createPasswordUser(app, { username: 'trollt', email: 'troll@gmail.com', verified: 0 });
    await expectError(await claim(app, { username: 'trollt' }), 404, CLAIM_MESSAGES.notFound, 'username');
    expect(await app.mails()).toEqual([]);
  });
});
