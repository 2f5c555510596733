/** Payloads of the post endpoints (spec 2 §3 Post, trimmed to what screens read). */
import type { RichTextDocument } from './rich-text.ts';

export type PostType = 'post' | 'new user';
export type MediaKind = 'image' | 'video';

export interface MediaDto {
  id: string;
  kind: MediaKind;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  /** A tiny base64 data URL shown blurred while the image loads. */
  placeholder: string | null;
}

export interface AuthorDto {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  img: string | null;
  isVerified: boolean;
  isSchoolVerified: boolean;
}

export interface PostDto {
  id: string;
  type: PostType;
  text: RichTextDocument;
  category: string | null;
  /** Whole US dollars (spec 2 §5). */
  price: number | null;
  campusId: string;
  author: AuthorDto;
  media: MediaDto[];
  commentCount: number;
  likeCount: number;
  isSold: boolean;
  createdAt: string;
  lastModified: string;
}

export interface FeedPageDto {
  posts: PostDto[];
  /** Opaque; pass back as `?cursor=` for the next page. Null at the end. */
  nextCursor: string | null;
}

/** spec 2 §4: "feed first page 25 live then 15 per page". */
export const FEED_FIRST_PAGE_SIZE = 25;
export const FEED_PAGE_SIZE = 15;

/** POST /api/uploads answers one of these per file; a post then claims them by id. */
export interface UploadDto {
  id: string;
  kind: MediaKind;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  placeholder: string | null;
}
