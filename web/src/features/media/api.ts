/** The Photos tab's one call to the API: photo posts, paged by `useCursorList` (spec 2 §7). */
export const MEDIA_FEED_PATH = '/api/posts/media';
