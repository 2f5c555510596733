import type { FeedPageDto, PostDto } from '@campus/shared/post-api';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { MEDIA_FEED_PATH } from './api.ts';

export interface MediaState {
  posts: PostDto[];
  isLoading: boolean;
  isEnd: boolean;
  error: string | null;
  /** The server's error code, e.g. 'private_campus' on a private campus (docs/decisions/012). */
  errorCode: string | null;
  loadMore: () => void;
}

function toPage(body: FeedPageDto) {
  return { items: body.posts, nextCursor: body.nextCursor };
}

/** GET /api/posts/media with cursor paging (spec 2 §7: photo posts, page 15). */
export function useMedia(): MediaState {
  const { items, isLoading, isEnd, error, errorCode, loadMore } = useCursorList(MEDIA_FEED_PATH, toPage);
  return { posts: items, isLoading, isEnd, error, errorCode, loadMore };
}
