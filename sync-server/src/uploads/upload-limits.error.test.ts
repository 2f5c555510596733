import { POST_MESSAGES } from '@campus/shared/post-rules';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { exeBehindMp4Header, gifBomb, pngBomb } from './media-fixtures.ts';
import { PIXEL_MESSAGES } from './pixel-limits.ts';
import { fileForm, mediaFiles, POSTER } from './upload-fixtures.ts';

async function signedInStudent() {
  const app = await createTestApp();
  const session = await app.signInAs((await createUser(app.db, POSTER)).id);
  function upload(bytes: Buffer, name: string, type: string) {
    return app.request('/api/uploads', { method: 'POST', session, body: fileForm(bytes, name, type) });
  }
  async function expectNothingStored() {
    expect(await app.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
    expect(await mediaFiles(app)).toEqual([]);
  }
  return { app, session, upload, expectNothingStored };
}

function tooManyPixels(msg: string, field = 'file') {
  return { errors: [{ code: 'validation_failed', msg, field }] };
}

describe('decode bombs (issue 18): refused by the pixels their header declares', () => {
  it('refuses a 12 KB PNG of 10000×10000 (100 megapixels) with 422', async () => {
    const { upload, expectNothingStored } = await signedInStudent();
    const bomb = pngBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(20_000);
    const response = await upload(bomb, 'photo.png', 'image/png');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(tooManyPixels(PIXEL_MESSAGES.photoTooManyPixels));
    await expectNothingStored();
  });

  it('refuses a GIF declaring 10000×10000 before decoding it: its pixels are never read', async () => {
    const { upload, expectNothingStored } = await signedInStudent();
    // The pixel data is a single dot: had the server decoded it, libvips would have spent seconds
    // and gigabytes painting 100 megapixels; the answer shows only the header was judged.
    const response = await upload(await gifBomb(10_000, 10_000), 'cat.gif', 'image/gif');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(tooManyPixels(PIXEL_MESSAGES.photoTooManyPixels));
    await expectNothingStored();
  });

  it('refuses an animated GIF whose frames add up past 200 megapixels, each frame being small', async () => {
    const { upload, expectNothingStored } = await signedInStudent();
    // 60 frames of 2000×2000: 4 MP each, 240 MP in all.
    const response = await upload(await gifBomb(2000, 2000, 60), 'loop.gif', 'image/gif');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(tooManyPixels(PIXEL_MESSAGES.animationTooManyPixels));
    await expectNothingStored();
  });

  it('refuses a profile photo bomb the same way', async () => {
    const { app, session } = await signedInStudent();
    const form = new FormData();
    form.set('photo', new File([new Uint8Array(pngBomb(10_000, 10_000))], 'me.png', { type: 'image/png' }));
    const response = await app.request('/api/account/photo', { method: 'POST', session, body: form });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(tooManyPixels(PIXEL_MESSAGES.photoTooManyPixels, 'photo'));
    expect(await mediaFiles(app)).toEqual([]);
  });
});

describe('videos are judged by ffprobe, not by their first bytes (issue 18)', () => {
  it("refuses a Windows program behind an MP4 header with 'Only photos & videos are allowed!'", async () => {
    const { upload, expectNothingStored } = await signedInStudent();
    const response = await upload(exeBehindMp4Header(), 'clip.mp4', 'video/mp4');
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      errors: [{ code: 'unsupported_media_type', msg: POST_MESSAGES.wrongFileType, field: 'file' }],
    });
    await expectNothingStored();
  });
});
