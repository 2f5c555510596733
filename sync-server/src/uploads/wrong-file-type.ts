import { POST_MESSAGES } from '@campus/shared/post-rules';
import { AppError } from '../http/app-error.ts';

/** spec 2 §5: 'Only photos & videos are allowed!', for anything the bytes do not show to be one. */
export function wrongFileType(): AppError {
  return new AppError('unsupported_media_type', [{ msg: POST_MESSAGES.wrongFileType, field: 'file' }]);
}
