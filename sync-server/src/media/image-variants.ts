import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

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

/**
 * Re-encodes an image into the display and thumbnail sizes plus a tiny
 * blurred placeholder. sharp drops all metadata (EXIF, GPS) unless asked to
 * keep it, and `rotate()` first applies the EXIF orientation so nothing
 * depends on the dropped tag.
 */
export async function storeImageVariants(input: Buffer, mediaDir: string, name: string): Promise<StoredImage> {
  await mkdir(path.join(mediaDir, path.dirname(name)), { recursive: true });
  const source = sharp(input, { failOn: 'error' }).rotate();
  const display = await source
    .clone()
    .resize({ width: DISPLAY_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toFile(path.join(mediaDir, `${name}.webp`));
  await source
    .clone()
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
    .webp({ quality: 72 })
    .toFile(path.join(mediaDir, `${name}-thumb.webp`));
  const tiny = await source.clone().resize({ width: PLACEHOLDER_WIDTH }).webp({ quality: 40 }).toBuffer();
  return {
    path: `${name}.webp`,
    thumbPath: `${name}-thumb.webp`,
    width: display.width,
    height: display.height,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}
