/**
 * The public entry of posts, the home of the card, the post page, the feed list and the thread:
 * what other features use (decision 029). Named re-exports only, no `export *`: each screen's
 * chunk keeps only what it imports (`npm run size`).
 */
export { newPageViewId, trackAdAction } from './ad-tracking.ts';
export { FeedTabs } from './feed-tabs.tsx';
export { MediaImage } from './media-image.tsx';
export { PostCard } from './post-card.tsx';
export { PostList, PostListView } from './post-list.tsx';
export { postUnavailableText, usePostPage } from './post-page/use-post-page.ts';
export { usePostCardActions } from './use-post-card-actions.ts';
