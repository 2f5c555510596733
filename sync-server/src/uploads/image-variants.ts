import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PIXEL_LIMITS } from './pixel-limits.ts';

/** The re-encoded image in memory: decoding and writing fail for different reasons, so they are separate steps. */
export interface ImageVariants {
  display: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  placeholder: string;
}

export interface StoredImage {
  /** Paths relative to <dataDir>/media, as stored in post_media. */
  path: string;
  thumbPath: string;
  width: number;
  height: number;
  placeholder: string;
}

const DISPLAY_WIDTH = 1200;
const THUMB_WIDTH = 480;
const PLACEHOLDER_WIDTH = 16;
const DISPLAY_QUALITY = 80;
const THUMB_QUALITY = 72;
const PLACEHOLDER_QUALITY = 40;

/** What renderImageVariants makes, as text: a kept rendering (demo/art-cache.ts) is stale when it changes. */
export const VARIANTS_RECIPE = JSON.stringify({
  display: [DISPLAY_WIDTH, DISPLAY_QUALITY],
  thumb: [THUMB_WIDTH, THUMB_QUALITY],
  placeholder: [PLACEHOLDER_WIDTH, PLACEHOLDER_QUALITY],
  vips: sharp.versions.vips,
});

/**
 * Re-encodes an image (a file path or bytes) into the display and thumbnail
 * sizes plus a tiny blurred placeholder. sharp drops all metadata (EXIF, GPS)
 * unless asked to keep it, and `rotate()` first applies the EXIF orientation
 * so nothing depends on the dropped tag. Rejects when the pixels do not
 * decode, or declare more than the per-frame limit (callers check the
 * header first with uploads/pixel-limits.ts; this is the backstop). The three
 * sizes are made one after the other, so one image holds one libuv thread.
 */
export async function renderImageVariants(input: Buffer | string): Promise<ImageVariants> {
  const source = sharp(input, { failOn: 'error', limitInputPixels: PIXEL_LIMITS.perFrame }).rotate();
  const display = await source
    .clone()
    .resize({ width: DISPLAY_WIDTH, withoutEnlargement: true })
    .webp({ quality: DISPLAY_QUALITY })
    .toBuffer({ resolveWithObject: true });
  // The smaller sizes come from the display copy's pixels, not a second decode of the original.
  const displayPixels = sharp(display.data);
  const thumb = await displayPixels
    .clone()
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
    .webp({ quality: THUMB_QUALITY })
    .toBuffer();
  const tiny = await displayPixels
    .clone()
    .resize({ width: PLACEHOLDER_WIDTH })
    .webp({ quality: PLACEHOLDER_QUALITY })
    .toBuffer();
  return {
    display: display.data,
    thumb,
    width: display.info.width,
    height: display.info.height,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

/** Writes `<name>.webp` and `<name>-thumb.webp` under `mediaDir`. */
export async function writeImageVariants(
  variants: ImageVariants,
  mediaDir: string,
  name: string,
): Promise<StoredImage> {
  await mkdir(path.join(mediaDir, path.dirname(name)), { recursive: true });
  const stored: StoredImage = {
    path: `${name}.webp`,
    thumbPath: `${name}-thumb.webp`,
    width: variants.width,
    height: variants.height,
    placeholder: variants.placeholder,
  };
  await writeFile(path.join(mediaDir, stored.path), variants.display);
  await writeFile(path.join(mediaDir, stored.thumbPath), variants.thumb);
  return stored;
}
