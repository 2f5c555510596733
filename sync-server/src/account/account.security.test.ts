import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPasswordUser, me, PASSWORD, photoForm, pngFile } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** Every write under /api/account, with a body that would succeed for a signed-in user. */
const ACCOUNT_WRITES: [string, string, Record<string, unknown>][] = [
  ['PUT', '/api/account/username', { username: 'intruder' }],
  ['PUT', '/api/account/phone', { phone: '405-555-0100' }],
  ['PUT', '/api/account/gender', { gender: 'other' }],
  ['PUT', '/api/account/birth-date', { month: 1, day: 1, year: 2000 }],
  ['PUT', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'hijacked', confirmPassword: 'hijacked' }],
  ['PUT', '/api/account/profile', { bio: 'pwned', firstName: 'Mallory' }],
];

async function avatarFiles(app: TestApp): Promise<string[]> {
  return readdir(path.join(app.config.dataDir, 'media', 'avatars')).catch(() => []);
}

describe('signed-out requests', () => {
  it.each(ACCOUNT_WRITES)('%s %s answers 401 and changes no one', async (method, route, json) => {
    const app = await createTestApp();
    await createPasswordUser(app);
    const before = await app.db.selectFrom('users').selectAll().execute();
    const response = await app.request(route, { method, json });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('unauthorized');
    expect(await app.db.selectFrom('users').selectAll().execute()).toEqual(before);
  });

  it('POST /api/account/photo answers 401 and stores no file', async () => {
    const app = await createTestApp();
    const response = await app.request('/api/account/photo', { method: 'POST', body: photoForm(await pngFile()) });
    expect(response.status).toBe(401);
    expect(await avatarFiles(app)).toEqual([]);
  });

  it('a session of a deleted user is no session', async () => {
    const app = await createTestApp();
    const ghost = await createUser(app.db);
    const session = await app.signInAs(ghost.id);
    await app.db.deleteFrom('users').where('id', '=', ghost.id).execute();
    const response = await app.request('/api/account/gender', { session, method: 'PUT', json: { gender: 'other' } });
    expect(response.status).toBe(401);
  });
});

describe('a session acts only for its own user', () => {
  it('a UT student naming an OU student in the body changes only themselves', async () => {
    const app = await createTestApp();
    const victim = await createPasswordUser(app, { campus_id: 'ou', username: 'oustudent', bio: 'OU bio' });
    const victimSession = await app.signInAs(victim.id);
    const victimBefore = await me(app, victimSession);
    const attacker = await createUser(app.db, { campus_id: 'ut', username: 'utstudent' });
    const session = await app.signInAs(attacker.id);

    for (const [method, route, json] of ACCOUNT_WRITES.filter(([, route]) => !route.endsWith('/password'))) {
      const response = await app.request(route, {
        host: 'utexas.localhost',
        session,
        method,
        json: { ...json, userId: victim.id, id: victim.id, user_id: victim.id },
      });
      expect(response.status).toBe(200);
    }
    const photo = photoForm(await pngFile());
    photo.set('userId', victim.id);
    const upload = await app.request('/api/account/photo', {
      host: 'utexas.localhost',
      session,
      method: 'POST',
      body: photo,
    });
    expect(upload.status).toBe(200);

    expect(await me(app, victimSession)).toEqual(victimBefore);
    expect(await me(app, session, 'utexas.localhost')).toMatchObject({
      id: attacker.id,
      username: 'intruder',
      bio: 'pwned',
      phone: '405-555-0100',
    });
    expect((await avatarFiles(app)).every((file) => file.startsWith(attacker.id))).toBe(true);
  });

  it('a cross-origin photo upload with the cookie is refused and stores nothing', async () => {
    const app = await createTestApp();
    const student = await createUser(app.db);
    const session = await app.signInAs(student.id);
    const response = await app.request('/api/account/photo', {
      session,
      method: 'POST',
      body: photoForm(await pngFile()),
      headers: { origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await avatarFiles(app)).toEqual([]);
  });
});

describe('uploaded photos', () => {
  it('are re-encoded: camera metadata (EXIF, GPS) never reaches the stored avatar', async () => {
    const app = await createTestApp();
    const student = await createUser(app.db);
    const session = await app.signInAs(student.id);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .withExif({ IFD0: { Artist: 'Secret Person', ImageDescription: 'home address' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const file = new File([new Uint8Array(jpeg)], 'IMG_0001.JPG', { type: 'image/jpeg' });
    const response = await app.request('/api/account/photo', { session, method: 'POST', body: photoForm(file) });
    expect(response.status).toBe(200);

    const [stored] = await avatarFiles(app);
    const bytes = await readFile(path.join(app.config.dataDir, 'media', 'avatars', stored ?? ''));
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Person'))).toBe(false);
  });
});
