/**
 * The saves feature's calls to the API. /saved reads through the device's
 * cache (local/local-cache.ts) and saves go through the outbox; what is
 * left is the list of who saved a post, paged by `useCursorList`.
 */
export function saversPath(postId: string): string {
  return `/api/posts/${encodeURIComponent(postId)}/likes`;
}
