import type { UploadDto } from '@campus/shared/post-api';
import { toMediaDto } from '../posts/posts.mapper.ts';
import type { UploadRow } from './uploads.repository.ts';

/** An upload answers in the same shape as the post media it will become. */
export function toUploadDto(row: UploadRow): UploadDto {
  return toMediaDto(row);
}
