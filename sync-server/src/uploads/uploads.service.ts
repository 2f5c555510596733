import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { uuidv7 } from '@campus/shared/ids';
import { POST_LIMITS } from '@campus/shared/post-rules';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { MediaGate } from '../limits/media-gate.ts';
import { type DetectedMedia, detectMedia } from './detect-media.ts';
import { renderImageVariants, writeImageVariants } from './image-variants.ts';
import { checkImagePixels } from './pixel-limits.ts';
import type { ReceivedFile } from './receive-file.ts';
import { storeVideo } from './store-video.ts';
import { deleteUnclaimedUpload, insertUpload, type StoredFiles, type UploadRow } from './uploads.repository.ts';
import { wrongFileType } from './wrong-file-type.ts';

const MEGABYTE = 1024 * 1024;
export const UPLOAD_MESSAGES = {
  imageTooLarge: `Photos must be ${POST_LIMITS.imageMaxBytes / MEGABYTE} MB or smaller.`,
  videoTooLarge: `Videos must be ${POST_LIMITS.videoMaxBytes / MEGABYTE} MB or smaller.`,
  /** Said before the bytes show what the file is: nothing of any kind goes past the video cap. */
  fileTooLarge: `Files must be ${POST_LIMITS.videoMaxBytes / MEGABYTE} MB or smaller.`,
} as const;

/** Every file of one upload lives in its own folder: the id makes each URL immutable, and removal is one rm. */
function uploadFolder(uploadId: string): string {
  return `posts/${uploadId}`;
}

/** Type and size caps, from headers only: nothing is decoded yet. */
async function checkMedia(file: ReceivedFile): Promise<DetectedMedia> {
  const media = await detectMedia(file.path);
  if (!media) throw wrongFileType();
  if (media.kind === 'video') {
    if (file.bytes > POST_LIMITS.videoMaxBytes) {
      throw new AppError('payload_too_large', [{ msg: UPLOAD_MESSAGES.videoTooLarge, field: 'file' }]);
    }
    return media;
  }
  if (file.bytes > POST_LIMITS.imageMaxBytes) {
    throw new AppError('payload_too_large', [{ msg: UPLOAD_MESSAGES.imageTooLarge, field: 'file' }]);
  }
  // A decode bomb (a few KB declaring gigapixels) is refused by its header, before a pixel is decoded.
  checkImagePixels(media.metadata, 'file');
  return media;
}

async function writeImage(mediaDir: string, folder: string, file: ReceivedFile): Promise<StoredFiles> {
  // A header that says PNG over pixels that do not decode is not a photo either.
  const variants = await renderImageVariants(file.path).catch(() => {
    throw wrongFileType();
  });
  // Re-encoded pixels only: EXIF (GPS included) never reaches the disk.
  const image = await writeImageVariants(variants, mediaDir, `${folder}/image`);
  const { width, height, placeholder } = image;
  return { path: image.path, thumb_path: image.thumbPath, width, height, placeholder };
}

/**
 * Checks, processes and records one received file (still in its temp file,
 * which the caller removes); on any failure nothing is left behind. Decoding
 * and ffmpeg wait for the media gate (MEDIA_CONCURRENCY).
 */
export async function storeUpload(
  db: Db,
  mediaDir: string,
  gate: MediaGate,
  input: { file: ReceivedFile; userId: string; campusId: string },
): Promise<UploadRow> {
  const media = await checkMedia(input.file);
  const id = uuidv7();
  const folder = uploadFolder(id);
  try {
    const files = await gate.run(async () => {
      await mkdir(path.join(mediaDir, folder), { recursive: true });
      return media.kind === 'image'
        ? await writeImage(mediaDir, folder, input.file)
        : await storeVideo(mediaDir, folder, input.file.path, media.extension);
    });
    const row: UploadRow = {
      id,
      user_id: input.userId,
      campus_id: input.campusId,
      kind: media.kind,
      mime: media.mime,
      bytes: input.file.bytes,
      ...files,
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
