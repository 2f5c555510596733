import { readFile } from 'node:fs/promises';
import type { UploadDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { fileForm, image, mediaFiles, POSTER, storedFile } from './upload-fixtures.ts';

interface Envelope {
  errors: { code: string; msg: string; field?: string }[];
}

async function pngForm(name = 'a.png') {
  return fileForm(await image('png'), name, 'image/png');
}

async function uploadAs(app: TestApp, session: string): Promise<UploadDto> {
  const response = await app.request('/api/uploads', { method: 'POST', session, body: await pngForm() });
  expect(response.status).toBe(201);
  return (await response.json()) as UploadDto;
}

async function expectNothingStored(app: TestApp) {
  expect(await app.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
  expect(await mediaFiles(app)).toEqual([]);
}

describe('who may upload', () => {
  it('refuses a signed-out visitor with 401 and stores nothing', async () => {
    const app = await createTestApp();
    const response = await app.request('/api/uploads', { method: 'POST', body: await pngForm() });
    expect(response.status).toBe(401);
    await expectNothingStored(app);
  });

  it("refuses a user who is not school-verified with 403 'Verify your account to create a post.'", async () => {
    const app = await createTestApp();
    const user = await createUser(app.db, { ...POSTER, school_verified: 0, school_verified_at: null });
    const session = await app.signInAs(user.id);
    const response = await app.request('/api/uploads', { method: 'POST', session, body: await pngForm() });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ errors: [{ code: 'forbidden', msg: POST_MESSAGES.verifyToPost }] });
    await expectNothingStored(app);
  });

  it("refuses a student verified at another campus: a guest does not post on this one's site", async () => {
    const app = await createTestApp();
    const guest = await createUser(app.db, { ...POSTER, campus_id: 'smu', email: 'guest@smu.edu' });
    const session = await app.signInAs(guest.id);
    const response = await app.request('/api/uploads', { method: 'POST', session, body: await pngForm() });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ errors: [{ code: 'forbidden', msg: POST_MESSAGES.verifyToPost }] });
    await expectNothingStored(app);
  });

  it("refuses a student whose profile is not set up with 'Your profile is not complete' (spec 2 §5)", async () => {
    const app = await createTestApp();
    const session = await app.signInAs((await createUser(app.db)).id);
    const response = await app.request('/api/uploads', { method: 'POST', session, body: await pngForm() });
    expect(response.status).toBe(403);
    expect(((await response.json()) as Envelope).errors[0]?.msg).toBe(POST_MESSAGES.profileIncomplete);
    await expectNothingStored(app);
  });

  it('refuses a cross-site POST carrying a session cookie', async () => {
    const app = await createTestApp();
    const session = await app.signInAs((await createUser(app.db, POSTER)).id);
    const response = await app.request('/api/uploads', {
      method: 'POST',
      session,
      body: await pngForm(),
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    await expectNothingStored(app);
  });
});

describe('the name and the declared type count for nothing', () => {
  it('stores JPEG bytes named clip.mp4 and sent as video/mp4 as a photo', async () => {
    const app = await createTestApp();
    const session = await app.signInAs((await createUser(app.db, POSTER)).id);
    const body = fileForm(await image('jpeg'), 'clip.mp4', 'video/mp4');
    const upload = (await (await app.request('/api/uploads', { method: 'POST', session, body })).json()) as UploadDto;
    expect(upload.kind).toBe('image');
  });

  it('keeps a path in the file name from choosing where the file lands', async () => {
    const app = await createTestApp();
    const session = await app.signInAs((await createUser(app.db, POSTER)).id);
    const upload = (await (
      await app.request('/api/uploads', { method: 'POST', session, body: await pngForm('../../../evil.png') })
    ).json()) as UploadDto;
    expect(await mediaFiles(app)).toEqual([`posts/${upload.id}/image-thumb.webp`, `posts/${upload.id}/image.webp`]);
  });

  it('refuses an SVG (script in an image) as not a photo', async () => {
    const app = await createTestApp();
    const session = await app.signInAs((await createUser(app.db, POSTER)).id);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const response = await app.request('/api/uploads', {
      method: 'POST',
      session,
      body: fileForm(svg, 'a.png', 'image/png'),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as Envelope).errors[0]?.msg).toBe(POST_MESSAGES.wrongFileType);
    await expectNothingStored(app);
  });
});

describe("someone else's upload", () => {
  it('answers 404 to another user and leaves the row and files alone', async () => {
    const app = await createTestApp();
    const owner = await createUser(app.db, POSTER);
    const upload = await uploadAs(app, await app.signInAs(owner.id));
    const before = await readFile(storedFile(app, upload.url));
    const intruder = await app.signInAs((await createUser(app.db, POSTER)).id);
    const response = await app.request(`/api/uploads/${upload.id}`, { method: 'DELETE', session: intruder });
    // The same answer as for an id that never existed: nothing says the upload is there.
    expect(response.status).toBe(404);
    const missing = await app.request('/api/uploads/00000000-0000-7000-8000-000000000000', {
      method: 'DELETE',
      session: intruder,
    });
    expect(await response.json()).toEqual(await missing.json());
    expect((await readFile(storedFile(app, upload.url))).equals(before)).toBe(true);
    expect(await app.db.selectFrom('uploads').select('id').execute()).toEqual([{ id: upload.id }]);
  });

  it("answers 404 to the owner on another campus's site", async () => {
    const app = await createTestApp();
    const session = await app.signInAs((await createUser(app.db, POSTER)).id);
    const upload = await uploadAs(app, session);
    const response = await app.request(`/api/uploads/${upload.id}`, {
      method: 'DELETE',
      session,
      host: 'smu.localhost',
    });
    expect(response.status).toBe(404);
    expect(await mediaFiles(app)).toHaveLength(2);
  });

  it('answers 401 to a signed-out DELETE', async () => {
    const app = await createTestApp();
    const upload = await uploadAs(app, await app.signInAs((await createUser(app.db, POSTER)).id));
    const response = await app.request(`/api/uploads/${upload.id}`, { method: 'DELETE' });
    expect(response.status).toBe(401);
    expect(await mediaFiles(app)).toHaveLength(2);
  });
});
