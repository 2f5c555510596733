import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { SITE_HANDOFF_EXPIRED, siteHandoffSignedInElse } from '@campus/shared/site-handoff-api';
import { describe, expect, it } from 'vitest';
import { expectError, me, sessionSetBy } from '../test/accounts.ts';
import { createMember } from '../test/post-requests.ts';
import { handoffRedirect, tokenIn } from '../test/site-handoff.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

function trade(app: TestApp, token: string, host = 'utexas.localhost', session?: string) {
  return app.request('/api/auth/site-handoff', { host, json: { token }, session });
}

describe('site hand-off: security', () => {
  it('a token works once', async () => {
    const app = await createTestApp();
    const sooner = await createMember(app);
    const token = tokenIn(await handoffRedirect(app, 'ut', sooner.session));
    expect((await trade(app, token)).status).toBe(200);
    const replay = await trade(app, token);
    expect(replay.headers.getSetCookie()).toEqual([]);
    await expectError(replay, 400, SITE_HANDOFF_EXPIRED);
  });

  it("a token made for UT's site does not sign in on another site, and stays good for UT", async () => {
    const app = await createTestApp();
    const sooner = await createMember(app);
    const token = tokenIn(await handoffRedirect(app, 'ut', sooner.session));
    await expectError(await trade(app, token, 'osu.localhost'), 400, SITE_HANDOFF_EXPIRED);
    await expectError(await trade(app, token, 'ou.localhost'), 400, SITE_HANDOFF_EXPIRED);
    expect((await trade(app, token)).status).toBe(200);
  });

  it('an expired token is refused', async () => {
    const app = await createTestApp();
    const sooner = await createMember(app);
    const token = tokenIn(await handoffRedirect(app, 'ut', sooner.session));
    await app.db
      .updateTable('site_handoffs')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    await expectError(await trade(app, token), 400, SITE_HANDOFF_EXPIRED);
  });

  it('stores only the SHA-256 of each token', async () => {
    const app = await createTestApp();
    const sooner = await createMember(app);
    const token = tokenIn(await handoffRedirect(app, 'ut', sooner.session));
    const rows = await app.db.selectFrom('site_handoffs').selectAll().execute();
    expect(rows.map((row) => row.id)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('never sends the token to a host this server does not serve', async () => {
    const app = await createTestApp();
    const sooner = await createMember(app);
    const location = await handoffRedirect(app, 'ut', sooner.session, 'evil.example');
    expect(location.hostname).toBe('utexas.localhost');
  });

  it('a banned student gets no token, and a token made before the ban signs nobody in', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'handoff-ban-'));
    const bannedEmailsFile = path.join(folder, 'banned.txt');
    await writeFile(bannedEmailsFile, 'troll@ou.edu\nlater@ou.edu\n');
    const app = await createTestApp({ bannedEmailsFile });
    const troll = await createMember(app, { email: 'troll@ou.edu' });
    const location = await handoffRedirect(app, 'ut', troll.session);
    expect(location.hash).toBe('');

    const sooner = await createMember(app, { email: 'sooner@ou.edu' });
    const token = tokenIn(await handoffRedirect(app, 'ut', sooner.session));
    await app.db.updateTable('users').set({ email: 'later@ou.edu' }).where('id', '=', sooner.user.id).execute();
    const refused = await trade(app, token);
    expect(sessionSetBy(refused)).toBeNull();
    await expectError(refused, 403, ACCOUNT_MESSAGES.emailBanned);
  });

  // issue 35 item 6: a link to /home#handoff={the attacker's token} signed the victim in as the attacker.
  it('never switches a browser signed in as another student (login CSRF); the same student stays signed in', async () => {
    const app = await createTestApp();
    const victim = await createMember(app, { first_name: 'Vera' });
    const attacker = await createMember(app, { first_name: 'Mallory' });
    const token = tokenIn(await handoffRedirect(app, 'ut', attacker.session));
    const refused = await trade(app, token, 'utexas.localhost', victim.session);
    expect(sessionSetBy(refused)).toBeNull();
    await expectError(refused, 409, siteHandoffSignedInElse('Vera', 'Mallory'));
    expect((await me(app, victim.session, 'utexas.localhost'))?.id).toBe(victim.user.id);

    const own = tokenIn(await handoffRedirect(app, 'ut', victim.session));
    const same = await trade(app, own, 'utexas.localhost', victim.session);
    expect(same.status).toBe(200);
    expect(sessionSetBy(same)).toBeNull();
    expect((await me(app, victim.session, 'utexas.localhost'))?.id).toBe(victim.user.id);
  });

  it('a token cannot be traded from another origin (CSRF)', async () => {
    const app = await createTestApp();
    const sooner = await createMember(app);
    const token = tokenIn(await handoffRedirect(app, 'ut', sooner.session));
    const forged = await app.request('/api/auth/site-handoff', {
      host: 'utexas.localhost',
      json: { token },
      headers: { origin: 'http://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(await me(app, undefined, 'utexas.localhost')).toBeNull();
  });
});
