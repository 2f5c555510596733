import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadDto } from '@campus/shared/post-api';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { ffprobe, GPS_LOCATION, realVideo, SECRET_TITLE, type VideoContainer } from './media-fixtures.ts';
import { fileForm, mediaFiles, POSTER, storedFile } from './upload-fixtures.ts';

async function uploadVideo(container: VideoContainer, mime: string) {
  const app = await createTestApp();
  const session = await app.signInAs((await createUser(app.db, POSTER)).id);
  const original = await realVideo(container);
  // The input must really carry what the test then looks for, or the test could not fail.
  const input = path.join(app.config.dataDir, `input.${container}`);
  await writeFile(input, original);
  expect((await ffprobe(input)).format.tags).toMatchObject({ title: SECRET_TITLE });
  const response = await app.request('/api/uploads', {
    method: 'POST',
    session,
    body: fileForm(original, `clip.${container}`, mime),
  });
  return { app, original, response, body: (await response.json()) as UploadDto };
}

describe('POST /api/uploads with a real video (issue 18)', () => {
  it('stores an MP4 without its metadata (GPS, title), with faststart, and a poster frame', async () => {
    const { app, original, response, body } = await uploadVideo('mp4', 'video/mp4');
    // MP4 keeps the position as a binary 3GPP 'loci' box, which ffprobe reads back as text.
    expect(original.includes('loci')).toBe(true);

    expect(response.status).toBe(201);
    expect(body).toMatchObject({
      kind: 'video',
      url: `/media/posts/${body.id}/video.mp4`,
      thumbUrl: `/media/posts/${body.id}/poster.webp`,
      width: 64,
      height: 48,
    });
    expect(body.placeholder).toMatch(/^data:image\/webp;base64,/);

    const stored = storedFile(app, body.url);
    const probed = await ffprobe(stored);
    expect(JSON.stringify(probed.format.tags ?? {})).not.toMatch(/location|title/i);
    for (const stream of probed.streams) expect(JSON.stringify(stream.tags ?? {})).not.toContain(SECRET_TITLE);
    const bytes = await readFile(stored);
    expect(bytes.includes('loci')).toBe(false);
    expect(bytes.includes(SECRET_TITLE)).toBe(false);
    expect(probed.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
    // +faststart: the index (moov) comes before the media data (mdat).
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const poster = await sharp(await readFile(storedFile(app, body.thumbUrl))).metadata();
    expect(poster).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect((await mediaFiles(app)).sort()).toEqual([`posts/${body.id}/poster.webp`, `posts/${body.id}/video.mp4`]);
    const row = await app.db.selectFrom('uploads').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime: 'video/mp4', thumb_path: `posts/${body.id}/poster.webp` });
  });

  it.each([
    ['webm', 'video/webm'],
    ['mov', 'video/quicktime'],
    ['avi', 'video/x-msvideo'],
  ] as const)('keeps a %s in its own container, without its title and position', async (container, mime) => {
    const { app, response, body } = await uploadVideo(container, mime);
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ url: `/media/posts/${body.id}/video.${container}`, width: 64, height: 48 });
    const probed = JSON.stringify(await ffprobe(storedFile(app, body.url)));
    expect(probed).not.toContain(SECRET_TITLE);
    expect(probed).not.toContain(GPS_LOCATION);
  });
});
