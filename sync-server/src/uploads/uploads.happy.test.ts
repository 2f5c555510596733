import { readFile } from 'node:fs/promises';
import type { UploadDto } from '@campus/shared/post-api';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import {
  fileForm,
  hasGpsInfo,
  image,
  jpegWithGps,
  mediaFiles,
  POSTER,
  SECRET_EXIF,
  storedFile,
} from './upload-fixtures.ts';

async function signedInStudent() {
  const app = await createTestApp();
  const user = await createUser(app.db, POSTER);
  const session = await app.signInAs(user.id);
  async function upload(bytes: Buffer, name: string, type: string) {
    const response = await app.request('/api/uploads', { method: 'POST', session, body: fileForm(bytes, name, type) });
    return { response, body: (await response.json()) as UploadDto };
  }
  return { app, user, session, upload };
}

describe('POST /api/uploads with a photo', () => {
  it('strips EXIF and GPS: the stored display and thumbnail files carry neither', async () => {
    const { app, user, upload } = await signedInStudent();
    const original = await jpegWithGps();
    // The input must really carry what the test then looks for, or the test could not fail.
    const input = await sharp(original).metadata();
    expect(input.exif && hasGpsInfo(input.exif)).toBe(true);
    expect(original.includes(SECRET_EXIF)).toBe(true);

    const { response, body } = await upload(original, 'IMG_0001.jpg', 'image/jpeg');

    expect(response.status).toBe(201);
    expect(body).toMatchObject({ kind: 'image', width: 64, height: 48 });
    expect(body.url).toBe(`/media/posts/${body.id}/image.webp`);
    expect(body.thumbUrl).toBe(`/media/posts/${body.id}/image-thumb.webp`);
    expect(body.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    for (const url of [body.url, body.thumbUrl]) {
      const stored = await readFile(storedFile(app, url));
      expect(stored.includes(SECRET_EXIF)).toBe(false);
      expect(stored.includes('Exif')).toBe(false);
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
    }
    const row = await app.db.selectFrom('uploads').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, campus_id: 'ou', kind: 'image', mime: 'image/jpeg', post_id: null });
    expect(row.bytes).toBe(original.length);
  });

  it.each(['png', 'gif', 'webp'] as const)('accepts a %s and stores its display size', async (format) => {
    const { app, upload } = await signedInStudent();
    const { response, body } = await upload(await image(format, 2400, 1000), `picture.${format}`, `image/${format}`);
    expect(response.status).toBe(201);
    // The display copy is 1200 wide; the stored size is the size of what /media serves.
    expect(body).toMatchObject({ kind: 'image', width: 1200, height: 500 });
    const row = await app.db.selectFrom('uploads').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime: `image/${format}`, width: 1200, height: 500 });
    expect(await sharp(await readFile(storedFile(app, body.thumbUrl))).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
    });
  });

  it('accepts a photo of several megabytes, past the JSON body limit of the rest of the API', async () => {
    const { app, upload } = await signedInStudent();
    const noise = { type: 'gaussian', mean: 128, sigma: 60 } as const;
    const photo = await sharp({ create: { width: 1400, height: 1000, channels: 3, background: '#000', noise } })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(app.config.maxJsonBytes * 2);
    const { response, body } = await upload(photo, 'camera.png', 'image/png');
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ width: 1200, height: 857 });
  });

  it('turns a photo upright from its EXIF orientation before dropping the tag', async () => {
    const { upload } = await signedInStudent();
    const sideways = await sharp(await image('jpeg', 64, 48))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { body } = await upload(sideways, 'upright.jpg', 'image/jpeg');
    expect(body).toMatchObject({ width: 48, height: 64 });
  });

  it('is served from /media with immutable cache headers', async () => {
    const { app, upload } = await signedInStudent();
    const { body } = await upload(await image('png'), 'a.png', 'image/png');
    const served = await app.request(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
  });
});

describe('DELETE /api/uploads/:id', () => {
  it("removes the owner's draft upload: row and files", async () => {
    const { app, session, upload } = await signedInStudent();
    const { body } = await upload(await image('png'), 'a.png', 'image/png');
    expect(await mediaFiles(app)).toHaveLength(2);
    const response = await app.request(`/api/uploads/${body.id}`, { method: 'DELETE', session });
    expect(response.status).toBe(204);
    expect(await app.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
    expect(await mediaFiles(app)).toEqual([]);
  });
});
