import type { CampusDto } from '@campus/shared/campus-api';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';

describe('GET /api/campus', () => {
  it('answers the campus of the Host header', async () => {
    const { request } = await createTestApp();
    const ut = (await (await request('/api/campus', { host: 'utexas.localhost:8080' })).json()) as CampusDto;
    expect(ut).toMatchObject({
      id: 'ut',
      shortName: 'UT',
      city: 'Austin',
      emailDomains: ['utexas.edu'],
      isGeneric: false,
    });
    const generic = (await (await request('/api/campus', { host: 'campus.localhost:8080' })).json()) as CampusDto;
    expect(generic).toMatchObject({ id: 'campus', name: 'Campus', city: 'Dallas', state: 'Texas', isGeneric: true });
  });

  // issue 39 item 8: 'Continue with Google' led to 'not set up on this server' without a client id.
  it('says whether Google sign-in is set up here', async () => {
    const without = await createTestApp();
    expect(((await (await without.request('/api/campus')).json()) as CampusDto).googleSignInAvailable).toBe(false);
    const halfSet = await createTestApp({ googleClientId: 'client-id' });
    expect(((await (await halfSet.request('/api/campus')).json()) as CampusDto).googleSignInAvailable).toBe(false);
    const set = await createTestApp({ googleClientId: 'client-id', googleClientSecret: 'secret' });
    expect(((await (await set.request('/api/campus')).json()) as CampusDto).googleSignInAvailable).toBe(true);
  });

  it('falls back to OU for localhost, IP addresses and unknown hosts (spec 1 §1)', async () => {
    const { request } = await createTestApp();
    for (const host of ['localhost:8080', '127.0.0.1:8080', 'nowhere.example.com', 'unknown.localhost']) {
      const campus = (await (await request('/api/campus', { host })).json()) as CampusDto;
      expect(campus.id, host).toBe('ou');
    }
  });

  it('counts only school-verified members of that campus', async () => {
    const { db, request } = await createTestApp();
    await createUser(db, { campus_id: 'ou' });
    await createUser(db, { campus_id: 'ou' });
    await createUser(db, { campus_id: 'ou', school_verified: 0 });
    await createUser(db, { campus_id: 'ut' });
    const ou = (await (await request('/api/campus')).json()) as CampusDto;
    expect(ou.memberCount).toBe(2);
    const ut = (await (await request('/api/campus', { host: 'utexas.localhost' })).json()) as CampusDto;
    expect(ut.memberCount).toBe(1);
  });
});
