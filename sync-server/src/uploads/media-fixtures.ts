import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { isoMedia } from './upload-fixtures.ts';

const run = promisify(execFile);

/** Written into the test video's metadata so the stored file can be searched for it. */
export const SECRET_TITLE = 'SECRET-VIDEO-TITLE';
/** ISO 6709, as a phone writes where it filmed (Norman, OK). */
export const GPS_LOCATION = '+35.2226-097.4395/';

/**
 * A GIF of a few dozen bytes that declares a `width`×`height` frame, `frames`
 * times: a 1×1 GIF from sharp with its screen and frame sizes patched. The
 * pixel data is far too short for the size; libvips decodes it anyway (to a
 * canvas of the declared size), so only a check of the header spares the
 * decode.
 */
export async function gifBomb(width: number, height: number, frames = 1): Promise<Buffer> {
  const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#f00' } })
    .gif()
    .toBuffer();
  const frameStart = dot.indexOf(0x21, 13);
  const head = Buffer.from(dot.subarray(0, frameStart));
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  const frame = Buffer.from(dot.subarray(frameStart, dot.length - 1));
  const descriptor = frame.indexOf(0x2c);
  frame.writeUInt16LE(width, descriptor + 5);
  frame.writeUInt16LE(height, descriptor + 7);
  return Buffer.concat([head, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of typed) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, typed, checksum]);
}

/**
 * A complete, valid black PNG of `width`×`height` at one bit a pixel: 10000×10000
 * is about 12 KB to send and 100 megapixels (300 MB of RGB) to decode.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A Windows program behind a valid MP4 `ftyp` box: what the magic-number check alone let through. */
export function exeBehindMp4Header(): Buffer {
  const ftyp = isoMedia().subarray(0, 32);
  const program = Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
    Buffer.from('This program cannot be run in DOS mode.\r\r\n$'.repeat(40), 'latin1'),
  ]);
  return Buffer.concat([ftyp, program]);
}

export type VideoContainer = 'mp4' | 'mov' | 'webm' | 'avi';

const CODECS: Record<VideoContainer, string[]> = {
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  mov: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  webm: ['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libvorbis'],
  avi: ['-c:v', 'mpeg4', '-c:a', 'mp3'],
};

/**
 * A real half-second 64×48 video with sound, made by ffmpeg, carrying a
 * title, a GPS position and a subtitle-free data-free layout; about 10 KB.
 */
export async function realVideo(container: VideoContainer = 'mp4', size = '64x48'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'campus-video-'));
  const file = path.join(dir, `clip.${container}`);
  try {
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=10`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050', '-t', '0.5'],
      ...CODECS[container],
      ...['-metadata', `title=${SECRET_TITLE}`, '-metadata', `location=${GPS_LOCATION}`],
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface ProbedFile {
  streams: { codec_type: string; width?: number; height?: number; tags?: Record<string, string> }[];
  format: { format_name: string; tags?: Record<string, string> };
}

/** ffprobe's view of a stored file: streams and every metadata tag. */
export async function ffprobe(file: string): Promise<ProbedFile> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  return JSON.parse(stdout) as ProbedFile;
}
