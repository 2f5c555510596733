import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { TestApp } from '../test/test-app.ts';

/** A verified OU student with a set-up profile: someone who may post (campus/member-gate.ts). */
export const POSTER = { profile_set_up: 1, img: '/media/avatars/test.webp', bio: 'Selling my textbooks.' };

/** Written into the test photo's EXIF so the stored files can be searched for it. */
export const SECRET_EXIF = 'SECRET-EXIF';

/** A 64×48 JPEG whose EXIF carries a copyright line and a GPS position (Norman, OK). */
export async function jpegWithGps(): Promise<Buffer> {
  return await sharp({ create: { width: 64, height: 48, channels: 3, background: '#841617' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: SECRET_EXIF },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 12/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 26/1 0/1' },
    })
    .toBuffer();
}

/** Whether EXIF (as sharp's metadata returns it: "Exif\0\0" then TIFF) has a GPSInfo pointer (tag 0x8825) in IFD0. */
export function hasGpsInfo(exif: Buffer): boolean {
  const tiff = exif.subarray(6);
  const isLittleEndian = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (offset: number) => (isLittleEndian ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset));
  const u32 = (offset: number) => (isLittleEndian ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let index = 0; index < entries; index++) {
    if (u16(ifd0 + 2 + index * 12) === 0x8825) return true;
  }
  return false;
}

export async function image(format: 'png' | 'gif' | 'webp' | 'jpeg', width = 40, height = 30): Promise<Buffer> {
  return await sharp({ create: { width, height, channels: 3, background: '#2774ae' } })
    .toFormat(format)
    .toBuffer();
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
}

/** A version 0 track header; `isQuarterTurn` writes the matrix a phone writes when filming upright. */
function trackHeader(width: number, height: number, isQuarterTurn: boolean): Buffer {
  const one = 0x10000;
  const matrix = isQuarterTurn ? [0, one, 0, -one, 0, 0, 0, 0, 0x40000000] : [one, 0, 0, 0, one, 0, 0, 0, 0x40000000];
  return box(
    'tkhd',
    u32(3),
    Buffer.alloc(20),
    Buffer.alloc(16),
    ...matrix.map(u32),
    u32(width * one),
    u32(height * one),
  );
}

/** The smallest ISO BMFF file the magic-number check and the `tkhd` reader need: ftyp, moov (audio then video track), mdat. */
export function isoMedia(
  options: { brand?: string; width?: number; height?: number; isQuarterTurn?: boolean } = {},
): Buffer {
  const { brand = 'isom', width = 640, height = 360, isQuarterTurn = false } = options;
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(512), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const audio = box('trak', trackHeader(0, 0, false));
  const video = box('trak', trackHeader(width, height, isQuarterTurn));
  return Buffer.concat([ftyp, box('moov', audio, video), box('mdat', Buffer.alloc(256, 7))]);
}

/** An EBML header with the given DocType, then a Segment of unknown size. */
export function ebml(docType: 'webm' | 'matroska'): Buffer {
  const element = (id: number[], value: Buffer) => Buffer.from([...id, 0x80 | value.length, ...value]);
  const header = Buffer.concat([
    element([0x42, 0x86], Buffer.from([1])),
    element([0x42, 0xf7], Buffer.from([1])),
    element([0x42, 0xf2], Buffer.from([4])),
    element([0x42, 0xf3], Buffer.from([8])),
    element([0x42, 0x82], Buffer.from(docType, 'latin1')),
    element([0x42, 0x87], Buffer.from([2])),
    element([0x42, 0x85], Buffer.from([2])),
  ]);
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]),
    header,
    segment,
    Buffer.alloc(64),
  ]);
}

export function fileForm(bytes: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

/** Paths of every file under <dataDir>/media, relative to it. */
export async function mediaFiles(app: TestApp): Promise<string[]> {
  const root = path.join(app.config.dataDir, 'media');
  const entries = await readdir(root, { recursive: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) if ((await stat(path.join(root, entry))).isFile()) files.push(entry);
  return files.sort();
}

export function storedFile(app: TestApp, url: string): string {
  return path.join(app.config.dataDir, url.replace(/^\/media\//, 'media/'));
}
