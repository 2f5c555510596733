import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MeResponse } from '@campus/shared/account-api';
import { profileRequestSchema } from '@campus/shared/account-requests';
import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { Hono } from 'hono';
import sharp from 'sharp';
import type { AppContext } from '../app-context.ts';
import type { UpdateableUserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { refuseDeclaredOversize } from '../http/declared-size.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { requireViewer } from '../sessions/viewer.middleware.ts';
import { checkImagePixels, PIXEL_LIMITS } from '../uploads/pixel-limits.ts';
import { receiveFile } from '../uploads/receive-file.ts';
import { toMeDto } from '../users/me-dto.ts';
import { findUserById } from '../users/users.repository.ts';
import { updateAccount } from './account.repository.ts';

/** spec 1 §5: profile photos are jpeg, jpg, png or gif, judged by their bytes, not their names. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'gif']);
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const AVATAR_SIZE = 400;

function photoTooLarge(): AppError {
  return new AppError('payload_too_large', [{ msg: 'Photos must be 10 MB or smaller.', field: 'photo' }]);
}

function photosOnly(status: 'validation_failed' | 'unsupported_media_type'): AppError {
  return new AppError(status, [{ msg: ACCOUNT_MESSAGES.photosOnly, field: 'photo' }]);
}

/** /profile/edit and the set-up wizard (spec 1 §2, §4): names, bio, photo; profile_set_up follows. */
export function profileEditRoutes(context: AppContext) {
  const { db, config, mediaGate } = context;
  const tempDir = path.join(config.dataDir, 'tmp', 'uploads');

  async function saveAndAnswer(userId: string, values: UpdateableUserRow) {
    const before = await findUserById(db, userId);
    if (!before) throw new AppError('not_found', ACCOUNT_MESSAGES.userMissingPhoto);
    const img = values.img !== undefined ? values.img : before.img;
    const bio = values.bio !== undefined ? values.bio : before.bio;
    // spec 1 §4: "Profile photo and bio both present sets profile_set_up true."
    const isSetUp = Boolean(img) && bio.trim().length > 0;
    await updateAccount(db, userId, { ...values, profile_set_up: isSetUp ? 1 : before.profile_set_up });
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('not_found', ACCOUNT_MESSAGES.userMissingPhoto);
    return { user: toMeDto(user) } satisfies MeResponse;
  }

  return new Hono<AppEnv>()
    .put('/profile', async (c) => {
      const viewer = requireViewer(c);
      const body = await readJson(c, profileRequestSchema);
      const values: UpdateableUserRow = {};
      if (body.firstName !== undefined) values.first_name = body.firstName;
      if (body.lastName !== undefined) values.last_name = body.lastName;
      if (body.bio !== undefined) values.bio = body.bio;
      return c.json(await saveAndAnswer(viewer.id, values));
    })
    .post('/photo', refuseDeclaredOversize(PHOTO_MAX_BYTES + 64 * 1024, photoTooLarge), async (c) => {
      const viewer = requireViewer(c);
      const file = await receiveFile(c, {
        field: 'photo',
        maxBytes: PHOTO_MAX_BYTES,
        tempDir,
        missing: () => photosOnly('validation_failed'),
        tooLarge: photoTooLarge,
      });
      try {
        // Header only: the format, and the pixel count a decode would cost (issue 18: decode bombs).
        const metadata = await sharp(file.path)
          .metadata()
          .catch(() => undefined);
        if (!metadata?.format || !PHOTO_FORMATS.has(metadata.format)) throw photosOnly('unsupported_media_type');
        checkImagePixels({ ...metadata, pages: 1 }, 'photo');
        // Re-encoding drops EXIF (GPS included); rotate() first honours the camera's orientation.
        const avatar = await mediaGate
          .run(() =>
            sharp(file.path, { animated: false, limitInputPixels: PIXEL_LIMITS.perFrame })
              .rotate()
              .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
              .webp({ quality: 82 })
              .toBuffer(),
          )
          .catch(() => {
            // A file whose header says PNG but whose pixels do not decode is not a photo either.
            throw photosOnly('unsupported_media_type');
          });
        const name = `avatars/${viewer.id}-${randomBytes(6).toString('hex')}.webp`;
        await mkdir(path.join(config.dataDir, 'media', 'avatars'), { recursive: true });
        await writeFile(path.join(config.dataDir, 'media', name), avatar);
        return c.json(await saveAndAnswer(viewer.id, { img: `/media/${name}` }));
      } finally {
        await file.remove();
      }
    });
}
