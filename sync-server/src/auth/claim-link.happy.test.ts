import type { MeResponse } from '@campus/shared/account-api';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../test/accounts.ts';
import { createTestApp } from '../test/test-app.ts';

describe("'Claim this account' (spec 2 §2, decision 026)", () => {
  it("mails a sign-in link to the unverified account's address; opening it verifies and signs its owner in", async () => {
    const app = await createTestApp();
    const { user } = await registerUser(app, { email: 'cleo@gmail.com', name: 'Cleo Claim' });
    const sent = await app.request('/api/auth/claim-link', { json: { username: 'CleoC' } });
    expect(sent.status).toBe(200);
    // The visitor learns nothing of the address.
    expect(await sent.json()).toEqual({ sent: true });

    const [mail] = await app.mails('cleo@gmail.com');
    expect(mail?.subject).toBe('Sign in to OU Buy / Sell');
    const link = new URL(mail?.links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://ou.localhost/login/sent');
    expect(link.searchParams.get('email')).toBe('cleo@gmail.com');
    expect(link.searchParams.has('first')).toBe(false);

    const done = await app.request('/api/auth/sign-in-link/complete', { json: Object.fromEntries(link.searchParams) });
    expect(done.status).toBe(200);
    expect(((await done.json()) as MeResponse).user).toMatchObject({ id: user.id, isVerified: true });
  });
});
