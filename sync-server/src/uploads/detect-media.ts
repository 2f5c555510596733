import { open } from 'node:fs/promises';
import type { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '@campus/shared/post-rules';
import sharp, { type Metadata } from 'sharp';
import type { VideoExtension } from './video-processing.ts';

export type DetectedMedia =
  | { kind: 'image'; mime: (typeof IMAGE_MIME_TYPES)[number]; metadata: Metadata }
  | { kind: 'video'; mime: (typeof VIDEO_MIME_TYPES)[number]; extension: VideoExtension };

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

/** Header only: no pixel is decoded, so the pixel limits can be checked before anything is. */
async function imageMetadata(file: string): Promise<Metadata | undefined> {
  try {
    return await sharp(file).metadata();
  } catch {
    return undefined;
  }
}

/** Enough of the file's start for every magic number below. */
const HEAD_BYTES = 4096;

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
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
 * spec 2 §5 allowed types, judged by the bytes of the received file: the
 * name and the declared content type are the client's to choose. Only
 * headers are read here; the caller still has to check pixel counts and
 * decode images, and have ffprobe look at videos.
 */
export async function detectMedia(file: string): Promise<DetectedMedia | null> {
  const video = detectVideo(await readHead(file));
  if (video) return video;
  const metadata = await imageMetadata(file);
  const format = metadata?.format;
  return metadata && isImageFormat(format) ? { kind: 'image', mime: IMAGE_MIME_BY_FORMAT[format], metadata } : null;
}
