import type { ProfileDto } from '@campus/shared/profile-api';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';

describe('GET /api/profiles/:username', () => {
  it('answers the public profile, case-insensitively, without private fields', async () => {
    const app = await createTestApp();
    await createUser(app.db, { username: 'emilyc', first_name: 'Emily', bio: 'Junior', phone: '555-0100' });
    const response = await app.request('/api/profiles/EmilyC');
    expect(response.status).toBe(200);
    const profile = (await response.json()) as ProfileDto & Record<string, unknown>;
    expect(profile).toMatchObject({ username: 'emilyc', firstName: 'Emily', bio: 'Junior' });
    expect(profile).not.toHaveProperty('email');
    expect(profile).not.toHaveProperty('phone');
    expect(profile).not.toHaveProperty('password_hash');
  });

  it('is 404 for an unknown user and for a user of another campus', async () => {
    const app = await createTestApp();
    await createUser(app.db, { username: 'diegom', campus_id: 'ut' });
    expect((await app.request('/api/profiles/nobody')).status).toBe(404);
    expect((await app.request('/api/profiles/diegom')).status).toBe(404);
    expect((await app.request('/api/profiles/diegom', { host: 'utexas.localhost' })).status).toBe(200);
  });
});
