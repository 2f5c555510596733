/**
 * Finished feed pages for signed-out visitors, kept as the exact JSON sent.
 * A page costs ~1.5 ms of server CPU to build against ~0.1 ms to send
 * (tests/bench/feed.bench.ts), and visitors all see the same pages. Any
 * successful write through the API clears the whole cache (app.ts), which is
 * coarse but cannot serve a stale page after a post, comment, edit, sale,
 * delete, save or profile change on any campus. Signed-in viewers are never
 * served from it: their pages carry saves and blocks of their own.
 */
export interface FeedCache {
  get(key: string): string | undefined;
  set(key: string, body: string): void;
  clear(): void;
}

export function createFeedCache(maxEntries = 500): FeedCache {
  const pages = new Map<string, string>();
  return {
    get(key) {
      const body = pages.get(key);
      if (body !== undefined) {
        // Refresh its place so the most used pages survive eviction.
        pages.delete(key);
        pages.set(key, body);
      }
      return body;
    },
    set(key, body) {
      if (pages.size >= maxEntries) {
        const oldest = pages.keys().next();
        if (!oldest.done) pages.delete(oldest.value);
      }
      pages.set(key, body);
    },
    clear() {
      pages.clear();
    },
  };
}
