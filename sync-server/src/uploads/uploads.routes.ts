import path from 'node:path';
import { GENERIC_MESSAGES } from '@campus/shared/errors';
import { POST_LIMITS } from '@campus/shared/post-rules';
import { type Context, Hono, type Next } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireMember } from '../campus/member-gate.ts';
import { AppError } from '../http/app-error.ts';
import { refuseDeclaredOversize } from '../http/declared-size.ts';
import type { AppEnv } from '../http/env.ts';
import { requireViewer } from '../sessions/viewer.middleware.ts';
import { receiveFile } from './receive-file.ts';
import { toUploadDto } from './uploads.mapper.ts';
import { findOwnUpload } from './uploads.repository.ts';
import { removeUnclaimedUpload, storeUpload, UPLOAD_MESSAGES } from './uploads.service.ts';
import { wrongFileType } from './wrong-file-type.ts';

export const ALREADY_POSTED_MESSAGE = 'This file is already part of a post.';
export const ALREADY_SENT_MESSAGE = 'This file is already part of a message.';
/** Multipart boundaries and part headers around the one file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * spec 2 §5: the same gate as posting itself (login, school verification on
 * this campus, a set-up profile). Runs before the body is read, so a refused
 * request never buffers 100 MB.
 */
async function requirePoster(c: Context<AppEnv>, next: Next): Promise<void> {
  requireMember(c, 'post');
  await next();
}

function fileTooLarge(): AppError {
  return new AppError('payload_too_large', [{ msg: UPLOAD_MESSAGES.fileTooLarge, field: 'file' }]);
}

/**
 * The type is unknown until the bytes are in, so the stream is capped at the
 * larger (video) limit; the image limit is checked once the bytes say image.
 * A declared length past it is refused before a byte is read.
 */
const uploadBodyLimit = refuseDeclaredOversize(POST_LIMITS.videoMaxBytes + MULTIPART_OVERHEAD_BYTES, fileTooLarge);

/** The composer's media (spec 2 §5): one file per request so the browser can show each file's progress. */
export function uploadRoutes(context: AppContext) {
  const { db, config, mediaGate } = context;
  const mediaDir = path.join(config.dataDir, 'media');
  const tempDir = path.join(config.dataDir, 'tmp', 'uploads');

  return new Hono<AppEnv>()
    .post('/', requirePoster, uploadBodyLimit, async (c) => {
      const viewer = requireViewer(c);
      // The file's name and declared type are ignored: only its bytes count.
      const file = await receiveFile(c, {
        field: 'file',
        maxBytes: POST_LIMITS.videoMaxBytes,
        tempDir,
        missing: wrongFileType,
        tooLarge: fileTooLarge,
      });
      try {
        const row = await storeUpload(db, mediaDir, mediaGate, {
          file,
          userId: viewer.id,
          campusId: c.get('campus').id,
        });
        return c.json(toUploadDto(row), 201);
      } finally {
        await file.remove();
      }
    })
    .delete('/:id', async (c) => {
      const viewer = requireViewer(c);
      const upload = await findOwnUpload(db, {
        id: c.req.param('id'),
        userId: viewer.id,
        campusId: c.get('campus').id,
      });
      if (!upload) throw new AppError('not_found', GENERIC_MESSAGES.notFound);
      // Removing a post's media is the post's delete, not the composer's.
      const isRemoved =
        upload.post_id === null && upload.chat_id === null && (await removeUnclaimedUpload(db, mediaDir, upload.id));
      if (!isRemoved) {
        throw new AppError('conflict', upload.chat_id === null ? ALREADY_POSTED_MESSAGE : ALREADY_SENT_MESSAGE);
      }
      return c.body(null, 204);
    });
}
