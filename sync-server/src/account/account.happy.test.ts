import { existsSync } from 'node:fs';
import path from 'node:path';
import type { MeDto, MeResponse } from '@campus/shared/account-api';
import { describe, expect, it } from 'vitest';
import { createPasswordUser, me, PASSWORD, photoForm, pngFile, sessionSetBy } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

async function signedIn(app: TestApp) {
  const user = await createPasswordUser(app, { username: 'emilyc', email: 'emily@ou.edu' });
  return { user, session: await app.signInAs(user.id) };
}

async function put(app: TestApp, session: string, route: string, json: unknown): Promise<MeDto> {
  const response = await app.request(`/api/account/${route}`, { session, method: 'PUT', json });
  expect(response.status).toBe(200);
  const { user } = (await response.json()) as MeResponse;
  if (!user) throw new Error(`PUT ${route} answered no user`);
  return user;
}

async function uploadPhoto(app: TestApp, session: string): Promise<MeDto> {
  const response = await app.request('/api/account/photo', {
    session,
    method: 'POST',
    body: photoForm(await pngFile()),
  });
  expect(response.status).toBe(200);
  const { user } = (await response.json()) as MeResponse;
  if (!user) throw new Error('photo upload answered no user');
  return user;
}

describe('account settings (spec 1 §2 /settings/account/*) answer the updated user', () => {
  it('username: stored lowercase; saving one’s own name again is fine', async () => {
    const app = await createTestApp();
    const { session } = await signedIn(app);
    expect((await put(app, session, 'username', { username: ' Emily_C-2 ' })).username).toBe('emily_c-2');
    expect((await put(app, session, 'username', { username: 'EMILY_C-2' })).username).toBe('emily_c-2');
    expect((await me(app, session))?.username).toBe('emily_c-2');
  });

  it.each(['+1 (405) 555-0100', '(405) 555-0100', '405-555-0100', '405.555.0100', '+44 20 7946 0958', '4055550100'])(
    'phone %j is accepted',
    async (phone) => {
      const app = await createTestApp();
      const { session } = await signedIn(app);
      expect((await put(app, session, 'phone', { phone })).phone).toBe(phone);
    },
  );

  it('gender and birth date', async () => {
    const app = await createTestApp();
    const { session } = await signedIn(app);
    expect((await put(app, session, 'gender', { gender: 'female' })).gender).toBe('female');
    const birthDate = { month: 2, day: 29, year: 2000 };
    expect((await put(app, session, 'birth-date', birthDate)).birthDate).toEqual(birthDate);
    expect(await me(app, session)).toMatchObject({ gender: 'female', birthDate });
  });

  it('password: the new one signs in, other sessions end and this device gets a fresh one', async () => {
    const app = await createTestApp();
    const { user, session } = await signedIn(app);
    const otherDevice = await app.signInAs(user.id);
    const response = await app.request('/api/account/password', {
      session,
      method: 'PUT',
      json: { currentPassword: PASSWORD, newPassword: 'new secret', confirmPassword: 'new secret' },
    });
    expect(response.status).toBe(200);
    const fresh = sessionSetBy(response);
    expect(fresh).toBeTruthy();
    expect((await me(app, fresh ?? undefined))?.id).toBe(user.id);
    expect(await me(app, otherDevice)).toBeNull();
    expect(await me(app, session)).toBeNull();
    const login = await app.request('/api/auth/login', { json: { email: 'emily@ou.edu', password: 'new secret' } });
    expect(login.status).toBe(200);
  });

  it('profile names (up to 20 characters) and bio (up to 160)', async () => {
    const app = await createTestApp();
    const { session } = await signedIn(app);
    const user = await put(app, session, 'profile', {
      firstName: 'Emilia-Rose Annabel',
      lastName: 'Carter-Worthington',
      bio: `  ${'b'.repeat(160)}  `,
    });
    expect(user).toMatchObject({ firstName: 'Emilia-Rose Annabel', lastName: 'Carter-Worthington' });
    expect(user.bio).toBe('b'.repeat(160));
    expect((await put(app, session, 'profile', { bio: 'Selling my textbooks' })).firstName).toBe('Emilia-Rose Annabel');
  });
});

describe('profile photo and set-up (spec 1 §4, §5)', () => {
  it('stores a real PNG as a served square avatar', async () => {
    const app = await createTestApp();
    const { user, session } = await signedIn(app);
    const updated = await uploadPhoto(app, session);
    expect(updated.img).toMatch(new RegExp(`^/media/avatars/${user.id}-[0-9a-f]{12}\\.webp$`));
    expect(existsSync(path.join(app.config.dataDir, updated.img ?? ''))).toBe(true);
    const served = await app.request(updated.img ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('profile_set_up becomes true once both photo and bio are set, in either order', async () => {
    const app = await createTestApp();
    const { session } = await signedIn(app);
    expect((await put(app, session, 'profile', { bio: 'Hi, I sell bikes' })).isProfileSetUp).toBe(false);
    expect((await uploadPhoto(app, session)).isProfileSetUp).toBe(true);

    const other = await createPasswordUser(app);
    const otherSession = await app.signInAs(other.id);
    expect((await uploadPhoto(app, otherSession)).isProfileSetUp).toBe(false);
    expect((await put(app, otherSession, 'profile', { bio: '  ' })).isProfileSetUp).toBe(false);
    expect((await put(app, otherSession, 'profile', { bio: 'Lamps and rugs' })).isProfileSetUp).toBe(true);
  });
});
