import type { MediaDto, PostDto } from '@campus/shared/post-api';
import type { RichTextDocument } from '@campus/shared/rich-text';
import type { PostMediaRow } from '../db/schema.ts';
import type { FeedPostRow } from './posts.repository.ts';

export function toMediaDto(row: PostMediaRow): MediaDto {
  return {
    id: row.id,
    kind: row.kind,
    url: `/media/${row.path}`,
    thumbUrl: `/media/${row.thumb_path}`,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
  };
}

export function toPostDto(row: FeedPostRow, media: MediaDto[]): PostDto {
  return {
    id: row.id,
    type: row.type,
    text: JSON.parse(row.text_json) as RichTextDocument,
    category: row.category,
    price: row.price,
    campusId: row.campus_id,
    author: {
      id: row.author_id,
      username: row.author_username,
      firstName: row.author_first_name,
      lastName: row.author_last_name,
      img: row.author_img,
      isVerified: row.author_verified === 1,
      isSchoolVerified: row.author_school_verified === 1,
    },
    media,
    commentCount: row.comment_count,
    likeCount: row.like_count,
    isSold: row.is_sold === 1,
    createdAt: row.created_at,
    lastModified: row.last_modified,
  };
}
