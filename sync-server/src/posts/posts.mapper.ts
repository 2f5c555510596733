import type { AuthorDto, CommentDto, MediaDto, PostDto } from '@campus/shared/post-api';
import type { RichTextDocument } from '@campus/shared/rich-text';
import type { PostMediaRow } from '../db/schema.ts';
import { toAuthorDto } from '../users/author-dto.ts';
import type { PostCardRow } from './post-card-query.ts';

/** A stored file as the web shows it; post media and composer uploads share the shape. */
export function toMediaDto(
  row: Pick<PostMediaRow, 'id' | 'kind' | 'path' | 'thumb_path' | 'width' | 'height' | 'placeholder'>,
): MediaDto {
  const url = `/media/${row.path}`;
  return {
    id: row.id,
    kind: row.kind,
    url,
    // A video stored without a poster frame has an empty thumb_path: its thumbnail is the video itself.
    thumbUrl: row.thumb_path ? `/media/${row.thumb_path}` : url,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
  };
}

function authorOf(row: PostCardRow): AuthorDto {
  return toAuthorDto({
    id: row.author_id,
    username: row.author_username,
    first_name: row.author_first_name,
    last_name: row.author_last_name,
    img: row.author_img,
    verified: row.author_verified,
    school_verified: row.author_school_verified,
  });
}

export function toPostDto(row: PostCardRow, media: MediaDto[]): PostDto {
  return {
    id: row.id,
    type: row.type,
    text: JSON.parse(row.text_json) as RichTextDocument,
    category: row.category,
    price: row.price,
    campusId: row.campus_id,
    author: authorOf(row),
    media,
    commentCount: row.comment_count,
    saveCount: row.save_count,
    isSold: row.is_sold === 1,
    createdAt: row.created_at,
    lastModified: row.last_modified,
    parentId: row.parent_id,
    editedAt: row.edited_at,
    // Visitors get no isSaved at all rather than a misleading false.
    ...(row.is_saved === null ? {} : { isSaved: row.is_saved === 1 }),
  };
}

/** Posts with their media, from the two queries of a page (rows in any order). */
export function toPostDtos(rows: PostCardRow[], media: PostMediaRow[]): PostDto[] {
  const mediaByPost = new Map<string, MediaDto[]>();
  for (const row of media) {
    const list = mediaByPost.get(row.post_id) ?? [];
    list.push(toMediaDto(row));
    mediaByPost.set(row.post_id, list);
  }
  return rows.map((row) => toPostDto(row, mediaByPost.get(row.id) ?? []));
}

export function toCommentDto(row: PostCardRow, replies: CommentDto[]): CommentDto {
  return {
    id: row.id,
    parentId: row.parent_id ?? '',
    text: JSON.parse(row.text_json) as RichTextDocument,
    author: authorOf(row),
    commentCount: row.comment_count,
    saveCount: row.save_count,
    createdAt: row.created_at,
    lastModified: row.last_modified,
    editedAt: row.edited_at,
    replies,
  };
}
