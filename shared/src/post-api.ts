/** Payloads of the post endpoints (spec 2 §3 Post, trimmed to what screens read). */
import type { RichTextDocument } from './rich-text.ts';

type PostType = 'post' | 'new user';
type MediaKind = 'image' | 'video';

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
  saveCount: number;
  isSold: boolean;
  createdAt: string;
  lastModified: string;
  /** spec 2 §3 post_commented_on: the post or comment this answers; null for a top-level post. */
  parentId: string | null;
  /** Set when the owner changed text, price or category ('Edited'); marking sold does not. */
  editedAt: string | null;
  /** Whether the signed-in viewer saved it; absent for visitors. */
  isSaved?: boolean;
}

export interface FeedPageDto {
  posts: PostDto[];
  /** Opaque; pass back as `?cursor=` for the next page. Null at the end. */
  nextCursor: string | null;
}

/** spec 2 §4: "feed first page 25 live then 15 per page". */
export const FEED_FIRST_PAGE_SIZE = 25;
export const FEED_PAGE_SIZE = 15;

/** POST /api/uploads answers one per file, shaped like the post media it becomes; a post claims them by id. */
export type UploadDto = MediaDto;

/** A comment or reply in a post's thread (spec 2 §2: nested, oldest first). */
export interface CommentDto {
  id: string;
  /** The post or comment it answers. */
  parentId: string;
  text: RichTextDocument;
  author: AuthorDto;
  /** Every comment below this one, at any depth (docs/decisions/008). */
  commentCount: number;
  saveCount: number;
  createdAt: string;
  lastModified: string;
  editedAt: string | null;
  replies: CommentDto[];
}

/** GET /api/posts/:id: the post (or a comment, with its parentId set) and its thread. */
export interface PostPageDto {
  post: PostDto;
  thread: CommentDto[];
  isSaved: boolean;
  isOwner: boolean;
}

/** POST /api/posts and PATCH /api/posts/:id. */
export interface PostResponse {
  post: PostDto;
}

/** POST /api/posts/:id/comments. */
export interface CommentResponse {
  comment: CommentDto;
}

/** A page of posts behind an opaque cursor: /api/saved and the profile tabs. */
export interface PostListPageDto {
  posts: PostDto[];
  /** Pass back as `?cursor=`; null at the end. */
  nextCursor: string | null;
}

/** GET /api/saved: the viewer's saved posts, newest saved first. */
export type SavedPageDto = PostListPageDto;

/** GET /api/profiles/:username/{posts,photos,replies,likes}; replies carry their parentId. */
export type ProfileListPageDto = PostListPageDto;

export const PROFILE_LIST_TABS = ['posts', 'photos', 'replies', 'likes'] as const;
export type ProfileListTab = (typeof PROFILE_LIST_TABS)[number];

/** spec 2 §4: saved and profile lists page 10. */
export const SAVED_PAGE_SIZE = 10;
export const PROFILE_PAGE_SIZE = 10;
export const LIKERS_PAGE_SIZE = 25;

/** PUT and DELETE /api/posts/:id/save. */
export interface SaveStateDto {
  isSaved: boolean;
  saveCount: number;
}

/** GET /api/posts/:id/likes: who saved the post, newest first (spec 2 §2 /post/{id}/likes). */
export interface LikersPageDto {
  users: AuthorDto[];
  nextCursor: string | null;
}

/** GET /api/blocks: the users the viewer blocked, newest first. */
export interface BlocksDto {
  users: AuthorDto[];
}

/** PUT and DELETE /api/users/:id/block. */
export interface BlockStateDto {
  isBlocked: boolean;
}

/** DELETE /api/posts/:id and POST /api/users/:id/report answer the spec's text to show. */
export interface MessageDto {
  msg: string;
}
