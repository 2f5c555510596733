import { SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import { CLAIM_MESSAGES } from '@campus/shared/email-link-rules';
import { describe, expect, it } from 'vitest';
import { expectError, registerUser } from '../test/accounts.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('claim-link security (decision 026)', () => {
  it('is scoped to the campus of the site: another campus’s account is not found and not mailed', async () => {
    const app = await createTestApp();
    await registerUser(app, { email: 'longhorn@gmail.com', name: 'Lana Horn', host: 'utexas.localhost' });
    const response = await app.request('/api/auth/claim-link', { json: { username: 'lanah' } });
    await expectError(response, 404, CLAIM_MESSAGES.notFound, 'username');
    expect(await app.mails('longhorn@gmail.com')).toHaveLength(1); // only the sign-up code
  });

  it('never answers or echoes the address, and the link goes to the address alone', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app, { email: 'cleo@gmail.com', name: 'Cleo Claim' });
    expect(session).toBeTruthy();
    const response = await app.request('/api/auth/claim-link', { json: { username: 'cleoc' } });
    const text = await response.text();
    expect(text).not.toContain('cleo@');
    const mails = await app.mails();
    expect(mails.every((mail) => mail.to === 'cleo@gmail.com')).toBe(true);
  });

  it('is capped like every mailed link: the sixth claim from one client gets the too-many message', async () => {
    const app = await createTestApp();
    await registerUser(app, { email: 'cleo@gmail.com', name: 'Cleo Claim' });
    for (let sent = 1; sent <= 5; sent++) {
      expect((await app.request('/api/auth/claim-link', { json: { username: 'cleoc' } })).status).toBe(200);
    }
    const sixth = await app.request('/api/auth/claim-link', { json: { username: 'cleoc' } });
    await expectError(sixth, 429, SIGN_IN_MESSAGES.tooManyRequests);
    // The sign-up code and five links.
    expect(await app.mails('cleo@gmail.com')).toHaveLength(6);
  });

  it('refuses a cross-site request (CSRF: Origin must match the host)', async () => {
    const app = await createTestApp();
    await registerUser(app, { email: 'cleo@gmail.com', name: 'Cleo Claim' });
    const response = await app.request('/api/auth/claim-link', {
      json: { username: 'cleoc' },
      headers: { origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await app.mails('cleo@gmail.com')).toHaveLength(1);
  });

  it('does not mail across a block: a signed-in member who blocked the owner, or whom the owner blocked, is answered not found', async () => {
    const app = await createTestApp();
    const { user: owner } = await registerUser(app, { email: 'cleo@gmail.com', name: 'Cleo Claim' });
    const blocker = await createMember(app, { username: 'dana', first_name: 'Dana' });
    const blocked = await createMember(app, { username: 'bobby', first_name: 'Bob' });
    const block = await app.request(`/api/users/${owner.id}/block`, { method: 'PUT', session: blocker.session });
    expect(block.status).toBe(200);
    // An unverified owner cannot block through the API; a block kept from before counts the same.
    await app.db
      .insertInto('blocks')
      .values({ blocker_id: owner.id, blocked_id: blocked.user.id, created_at: new Date().toISOString() })
      .execute();
    for (const member of [blocker, blocked]) {
      const response = await app.request('/api/auth/claim-link', {
        json: { username: 'cleoc' },
        session: member.session,
      });
      await expectError(response, 404, CLAIM_MESSAGES.notFound, 'username');
    }
    expect(await app.mails('cleo@gmail.com')).toHaveLength(1); // only the sign-up code
  });
});
