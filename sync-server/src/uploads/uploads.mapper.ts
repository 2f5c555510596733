import type { UploadDto } from '@campus/shared/post-api';
import type { UploadRow } from './uploads.repository.ts';

/** Stored paths are relative to <dataDir>/media, which media.routes.ts serves at /media. */
export function toUploadDto(row: UploadRow): UploadDto {
  const url = `/media/${row.path}`;
  return {
    id: row.id,
    kind: row.kind,
    url,
    // A video has no poster frame yet (no ffmpeg on the server), so its thumbnail is the video itself.
    thumbUrl: row.thumb_path ? `/media/${row.thumb_path}` : url,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
  };
}
