import type SQLite from 'better-sqlite3';
import { changeStamp } from '../db/change-stamp.ts';
/**
 * Finished feed pages (issue 25), shared by every viewer of a campus, plus
 * the pages of viewers with a block, each kept under their own id
 * (feed-page.ts). A page is kept in two forms: the exact JSON a visitor gets,
 * and the same JSON cut open after each post so a signed-in viewer's own
 * `isSaved` can be put in with string joins. Building a page costs ~1.5 ms of
 * server CPU against ~0.1 ms to send it (tests/bench/feed.bench.ts).
 *
 * Freshness: the database keeps a counter that triggers move on any change
 * to posts, their photos, users or blocks (migrations 2026-11-29T1100 and
 * 2026-11-30T1100), whoever wrote it; a page kept under an older count is
 * dropped. Any successful write through the API clears the cache too (app.ts).
 */
export interface FeedPageEntry {
  /** The page's JSON as a visitor gets it (no isSaved at all), encoded once. */
  visitorBytes: Buffer<ArrayBuffer>;
  /** The page's post ids, in order: whose saved state a signed-in viewer's page needs. */
  postIds: string[];
  /** The signed-in page with no post saved: `,"isSaved":false` after each post's last field. */
  unsavedBytes: Buffer<ArrayBuffer>;
  /** Where each post's `,"isSaved":false` starts in unsavedBytes (feed-page.ts puts `true` there). */
  flagOffsets: number[];
  /** The database's change counter read before the page was built. */
  generation: number;
}

export interface FeedCache {
  /** The change counter now (and drops every page kept under an older one). */
  generation(): number;
  get(key: string): FeedPageEntry | undefined;
  set(key: string, entry: FeedPageEntry): void;
  clear(): void;
}

/**
 * `readGeneration` gives the database's change counter now; read before a
 * page is built (feed-page.ts), so a page is never newer-labelled than its content.
 */
export function createFeedCache(readGeneration: () => number, maxEntries = 500): FeedCache {
  const pages = new Map<string, FeedPageEntry>();
  let generation = readGeneration();
  const dropIfChanged = () => {
    const now = readGeneration();
    if (now !== generation) {
      pages.clear();
      generation = now;
    }
  };
  return {
    generation() {
      dropIfChanged();
      return generation;
    },
    get(key) {
      dropIfChanged();
      const entry = pages.get(key);
      if (entry !== undefined) {
        // Refresh its place so the most used pages survive eviction.
        pages.delete(key);
        pages.set(key, entry);
      }
      return entry;
    },
    set(key, entry) {
      if (entry.generation !== generation) return;
      if (pages.size >= maxEntries) {
        const oldest = pages.keys().next();
        if (!oldest.done) pages.delete(oldest.value);
      }
      pages.set(key, entry);
    },
    clear() {
      pages.clear();
    },
  };
}

/**
 * The counter the triggers move, read synchronously, only when the database
 * may have changed (db/change-stamp.ts: this connection's writes at once,
 * another process's within OTHER_WRITERS_MS, and always inside a transaction,
 * whose read is not trusted past it). Reading it is a read transaction, whose
 * WAL locks cost more than the rest of a cached visitor's page (~5-25 µs,
 * issue 25).
 */
export function feedGenerationReader(sqlite: SQLite.Database, now: () => number = performance.now.bind(performance)) {
  const counter = sqlite.prepare<[], number>('select n from feed_generation where id = 1').pluck();
  const stamp = changeStamp(sqlite, now);
  let generation = 0;
  let stampSeen: number | null | undefined;
  return () => {
    const current = stamp();
    if (current === null || current !== stampSeen) {
      generation = Number(counter.get());
      stampSeen = current;
    }
    return generation;
  };
}
