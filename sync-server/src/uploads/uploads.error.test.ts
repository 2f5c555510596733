import { POST_LIMITS, POST_MESSAGES } from '@campus/shared/post-rules';
import { describe, expect, it } from 'vitest';
import { createPost, createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { ebml, fileForm, image, isoMedia, mediaFiles, POSTER } from './upload-fixtures.ts';
import { ALREADY_POSTED_MESSAGE } from './uploads.routes.ts';
import { UPLOAD_MESSAGES } from './uploads.service.ts';

interface Envelope {
  errors: { code: string; msg: string; field?: string }[];
}

async function signedInStudent() {
  const app = await createTestApp();
  const user = await createUser(app.db, POSTER);
  const session = await app.signInAs(user.id);
  function post(body: FormData | string, headers: Record<string, string> = {}) {
    return app.request('/api/uploads', { method: 'POST', session, body, headers });
  }
  async function expectNothingStored() {
    expect(await app.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
    expect(await mediaFiles(app)).toEqual([]);
  }
  return { app, user, session, post, expectNothingStored };
}

const WRONG_TYPE = { errors: [{ code: 'unsupported_media_type', msg: POST_MESSAGES.wrongFileType, field: 'file' }] };

describe('files that are not photos or videos (spec 2 §5)', () => {
  it("refuses a text file renamed photo.jpg with 'Only photos & videos are allowed!' and stores nothing", async () => {
    const { post, expectNothingStored } = await signedInStudent();
    const text = Buffer.from('Meet me at the library at 5. Bring cash.\n');
    const response = await post(fileForm(text, 'photo.jpg', 'image/jpeg'));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(WRONG_TYPE);
    await expectNothingStored();
  });

  it('refuses a file whose PNG header sits over pixels that do not decode', async () => {
    const { post, expectNothingStored } = await signedInStudent();
    const png = await image('png', 200, 200);
    // Keep the signature and IHDR (so the header reads as PNG) and break everything after it.
    const broken = Buffer.concat([png.subarray(0, 33), Buffer.alloc(400, 0x5a)]);
    const response = await post(fileForm(broken, 'photo.png', 'image/png'));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(WRONG_TYPE);
    await expectNothingStored();
  });

  it.each([
    ['a HEIC photo (ISO BMFF, brand heic)', isoMedia({ brand: 'heic' }), 'IMG_1.HEIC'],
    ['an M4A song (ISO BMFF, brand M4A)', isoMedia({ brand: 'M4A ' }), 'song.mp4'],
    ['a Matroska file (EBML, DocType matroska)', ebml('matroska'), 'movie.mov'],
    ['an empty file', Buffer.alloc(0), 'empty.jpg'],
  ])('refuses %s', async (_label, bytes, name) => {
    const { post, expectNothingStored } = await signedInStudent();
    const response = await post(fileForm(bytes, name, 'video/mp4'));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(WRONG_TYPE);
    await expectNothingStored();
  });

  it('refuses a request without a file field', async () => {
    const { post } = await signedInStudent();
    const form = new FormData();
    form.set('photo', 'not a file');
    const response = await post(form);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(WRONG_TYPE);
  });
});

describe('size caps', () => {
  it('refuses a photo over the image cap with 413', async () => {
    const { post, expectNothingStored } = await signedInStudent();
    // A real PNG padded past the cap: still a PNG by its header, too big by its length.
    const png = await image('png');
    const oversize = Buffer.concat([png, Buffer.alloc(POST_LIMITS.imageMaxBytes - png.length + 1)]);
    const response = await post(fileForm(oversize, 'big.png', 'image/png'));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      errors: [{ code: 'payload_too_large', msg: UPLOAD_MESSAGES.imageTooLarge, field: 'file' }],
    });
    await expectNothingStored();
  });

  it('refuses a request declaring more than the video cap before reading it', async () => {
    const { post, expectNothingStored } = await signedInStudent();
    const declared = String(POST_LIMITS.videoMaxBytes * 2);
    const response = await post('tiny', {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': declared,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as Envelope).errors[0]?.msg).toBe(UPLOAD_MESSAGES.fileTooLarge);
    await expectNothingStored();
  });
});

describe('nothing half-written', () => {
  it('removes the files when the row cannot be inserted', async () => {
    const { app, post } = await signedInStudent();
    // A real failure of the insert: the table is gone.
    await app.db.schema.dropTable('uploads').execute();
    const response = await post(fileForm(await image('png'), 'a.png', 'image/png'));
    expect(response.status).toBe(500);
    expect(await mediaFiles(app)).toEqual([]);
  });
});

describe('DELETE /api/uploads/:id', () => {
  it('refuses to remove an upload a post has claimed, and keeps its files', async () => {
    const { app, user, session, post } = await signedInStudent();
    const uploaded = (await (await post(fileForm(await image('png'), 'a.png', 'image/png'))).json()) as { id: string };
    const listing = await createPost(app.db, { user_id: user.id });
    await app.db.updateTable('uploads').set({ post_id: listing.id }).where('id', '=', uploaded.id).execute();
    const response = await app.request(`/api/uploads/${uploaded.id}`, { method: 'DELETE', session });
    expect(response.status).toBe(409);
    expect(((await response.json()) as Envelope).errors[0]?.msg).toBe(ALREADY_POSTED_MESSAGE);
    expect(await mediaFiles(app)).toHaveLength(2);
    expect(await app.db.selectFrom('uploads').select('id').execute()).toEqual([{ id: uploaded.id }]);
  });

  it('answers 404 for an id that does not exist', async () => {
    const { app, session } = await signedInStudent();
    const response = await app.request('/api/uploads/nope', { method: 'DELETE', session });
    expect(response.status).toBe(404);
  });
});
