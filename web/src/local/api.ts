import { FEED_FIRST_PAGE_SIZE, FEED_PAGE_SIZE } from '@campus/shared/post-api';

/**
 * The API paths the device side reads (local-cache.ts, through `get`) and
 * writes (the outbox's mutations, use-outbox-actions.ts). The requests
 * themselves go through the one client (lib/api-client.ts) in the browser
 * and through `app.request` in the fuzz and durability suites.
 */

const postPath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}`;

export const LOCAL_API = {
  posts: '/api/posts',
  feed: (cursor: string | null = null) =>
    cursor === null
      ? `/api/posts/feed?limit=${FEED_FIRST_PAGE_SIZE}`
      : `/api/posts/feed?limit=${FEED_PAGE_SIZE}&cursor=${encodeURIComponent(cursor)}`,
  post: postPath,
  comments: (rootId: string) => `${postPath(rootId)}/comments`,
  save: (postId: string) => `${postPath(postId)}/save`,
  saved: (cursor: string | null = null) =>
    cursor === null ? '/api/saved' : `/api/saved?cursor=${encodeURIComponent(cursor)}`,
  profile: '/api/account/profile',
  profilePhoto: '/api/account/photo',
  /** The badges' counts (issue 21, decision 032), asked at each (re)connection. */
  unread: '/api/notifications/unread',
  /** Marking displayed notifications read (the outbox's 'notifications.read'). */
  notificationsRead: '/api/notifications/read',
} as const;
