import type { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '@campus/shared/post-rules';
import sharp from 'sharp';

export type DetectedMedia =
  | { kind: 'image'; mime: (typeof IMAGE_MIME_TYPES)[number] }
  | { kind: 'video'; mime: (typeof VIDEO_MIME_TYPES)[number]; extension: string };

type DetectedVideo = Extract<DetectedMedia, { kind: 'video' }>;

const IMAGE_MIME_BY_FORMAT = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

/**
 * ISO BMFF major brands of MP4 video. HEIC, AVIF, 3GP and M4A share the
 * container but are not among the spec's types, so the brand decides.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'MSNV',
  'dash',
]);
const QUICKTIME_BRAND = 'qt  ';
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** The EBML header (DocType 'webm' vs 'matroska') sits in the first few dozen bytes. */
const EBML_HEADER_BYTES = 64;

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.length >= end ? bytes.toString('latin1', start, end) : '';
}

function isImageFormat(format: string | undefined): format is keyof typeof IMAGE_MIME_BY_FORMAT {
  return format !== undefined && Object.hasOwn(IMAGE_MIME_BY_FORMAT, format);
}

/** Header only. sharp's constructor throws synchronously on an empty buffer, so it sits inside the try too. */
async function imageFormat(bytes: Buffer): Promise<string | undefined> {
  try {
    return (await sharp(bytes).metadata()).format;
  } catch {
    return undefined;
  }
}

/** Recognises the spec's video containers by their magic numbers. */
function detectVideo(bytes: Buffer): DetectedVideo | null {
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === QUICKTIME_BRAND) return { kind: 'video', mime: 'video/quicktime', extension: 'mov' };
    if (MP4_BRANDS.has(brand)) return { kind: 'video', mime: 'video/mp4', extension: 'mp4' };
    return null;
  }
  if (bytes.subarray(0, 4).equals(EBML_MAGIC) && bytes.subarray(0, EBML_HEADER_BYTES).includes('webm')) {
    return { kind: 'video', mime: 'video/webm', extension: 'webm' };
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ') {
    return { kind: 'video', mime: 'video/x-msvideo', extension: 'avi' };
  }
  return null;
}

/**
 * spec 2 §5 allowed types, judged by the bytes: the name and the declared
 * content type are the client's to choose. Images are only sniffed here
 * (header only); the caller still has to decode them.
 */
export async function detectMedia(bytes: Buffer): Promise<DetectedMedia | null> {
  const video = detectVideo(bytes);
  if (video) return video;
  const format = await imageFormat(bytes);
  return isImageFormat(format) ? { kind: 'image', mime: IMAGE_MIME_BY_FORMAT[format] } : null;
}
