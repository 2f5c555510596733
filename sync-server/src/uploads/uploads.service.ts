import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { uuidv7 } from '@campus/shared/ids';
import { POST_LIMITS, POST_MESSAGES } from '@campus/shared/post-rules';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { type ImageVariants, renderImageVariants, writeImageVariants } from '../media/image-variants.ts';
import { type DetectedMedia, detectMedia } from './detect-media.ts';
import { deleteUnclaimedUpload, insertUpload, type UploadRow } from './uploads.repository.ts';
import { readVideoDimensions } from './video-dimensions.ts';

const MEGABYTE = 1024 * 1024;
export const UPLOAD_MESSAGES = {
  imageTooLarge: `Photos must be ${POST_LIMITS.imageMaxBytes / MEGABYTE} MB or smaller.`,
  videoTooLarge: `Videos must be ${POST_LIMITS.videoMaxBytes / MEGABYTE} MB or smaller.`,
  /** Said before the bytes show what the file is: nothing of any kind goes past the video cap. */
  fileTooLarge: `Files must be ${POST_LIMITS.videoMaxBytes / MEGABYTE} MB or smaller.`,
} as const;

export function wrongFileType(): AppError {
  return new AppError('unsupported_media_type', [{ msg: POST_MESSAGES.wrongFileType, field: 'file' }]);
}

type CheckedMedia =
  | (Extract<DetectedMedia, { kind: 'image' }> & { variants: ImageVariants })
  | Extract<DetectedMedia, { kind: 'video' }>;

type StoredFiles = Pick<UploadRow, 'path' | 'thumb_path' | 'width' | 'height' | 'placeholder'>;

/** Every file of one upload lives in its own folder: the id makes each URL immutable, and removal is one rm. */
function uploadFolder(uploadId: string): string {
  return `posts/${uploadId}`;
}

/** Everything that needs only the bytes (type, size cap, decoding) happens before anything touches the disk. */
async function checkMedia(bytes: Buffer): Promise<CheckedMedia> {
  const media = await detectMedia(bytes);
  if (!media) throw wrongFileType();
  if (media.kind === 'video') {
    if (bytes.length > POST_LIMITS.videoMaxBytes) {
      throw new AppError('payload_too_large', [{ msg: UPLOAD_MESSAGES.videoTooLarge, field: 'file' }]);
    }
    return media;
  }
  if (bytes.length > POST_LIMITS.imageMaxBytes) {
    throw new AppError('payload_too_large', [{ msg: UPLOAD_MESSAGES.imageTooLarge, field: 'file' }]);
  }
  // A header that says PNG over pixels that do not decode is not a photo either.
  const variants = await renderImageVariants(bytes).catch(() => {
    throw wrongFileType();
  });
  return { ...media, variants };
}

async function writeFiles(mediaDir: string, folder: string, bytes: Buffer, media: CheckedMedia): Promise<StoredFiles> {
  if (media.kind === 'image') {
    // Re-encoded pixels only: EXIF (GPS included) never reaches the disk.
    const image = await writeImageVariants(media.variants, mediaDir, `${folder}/image`);
    const { width, height, placeholder } = image;
    return { path: image.path, thumb_path: image.thumbPath, width, height, placeholder };
  }
  // Videos keep their bytes: re-encoding or a poster frame needs ffmpeg, which the server does not ship.
  const videoPath = `${folder}/video.${media.extension}`;
  await mkdir(path.join(mediaDir, folder), { recursive: true });
  await writeFile(path.join(mediaDir, videoPath), bytes);
  const isIsoMedia = media.mime === 'video/mp4' || media.mime === 'video/quicktime';
  const { width, height } = isIsoMedia ? readVideoDimensions(bytes) : { width: 0, height: 0 };
  return { path: videoPath, thumb_path: '', width, height, placeholder: null };
}

/** Checks, stores and records one uploaded file; on any failure nothing is left behind. */
export async function storeUpload(
  db: Db,
  mediaDir: string,
  input: { bytes: Buffer; userId: string; campusId: string },
): Promise<UploadRow> {
  const media = await checkMedia(input.bytes);
  const id = uuidv7();
  const folder = uploadFolder(id);
  try {
    const row: UploadRow = {
      id,
      user_id: input.userId,
      campus_id: input.campusId,
      kind: media.kind,
      mime: media.mime,
      bytes: input.bytes.length,
      ...(await writeFiles(mediaDir, folder, input.bytes, media)),
      post_id: null,
      chat_id: null,
      created_at: new Date().toISOString(),
    };
    await insertUpload(db, row);
    return row;
  } catch (error) {
    await rm(path.join(mediaDir, folder), { recursive: true, force: true });
    throw error;
  }
}

/** Row first, then files: a row without its files would be a broken image; files without a row are only litter. */
export async function removeUnclaimedUpload(db: Db, mediaDir: string, uploadId: string): Promise<boolean> {
  const isDeleted = await deleteUnclaimedUpload(db, uploadId);
  if (isDeleted) await rm(path.join(mediaDir, uploadFolder(uploadId)), { recursive: true, force: true });
  return isDeleted;
}
