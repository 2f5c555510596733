import type { PostDto } from '@campus/shared/post-api';

/**
 * The top of the feed as last shown, in localStorage: read synchronously at
 * start-up, so a cold offline start paints posts before IndexedDB has even
 * opened (issue 5: the cached feed within 500 ms; tests/bench/offline-cold-start).
 * Dexie stays the store; this is only its first screen, for one owner.
 */
const KEY = 'feed-snapshot:v2'; // v2: posts carry saveCount (issue 20); a v1 snapshot is not read
const SNAPSHOT_SIZE = 8;

interface Snapshot {
  owner: string | null;
  posts: PostDto[];
}

export function readFeedSnapshot(owner: string | null): PostDto[] | undefined {
  try {
    const stored = localStorage.getItem(KEY);
    if (!stored) return undefined;
    const snapshot = JSON.parse(stored) as Snapshot;
    return snapshot.owner === owner ? snapshot.posts : undefined;
  } catch {
    return undefined;
  }
}

let lastWritten = '';

export function writeFeedSnapshot(owner: string | null, posts: PostDto[]): void {
  const value = JSON.stringify({ owner, posts: posts.slice(0, SNAPSHOT_SIZE) } satisfies Snapshot);
  if (value === lastWritten) return;
  lastWritten = value;
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // Storage full or disabled: the next start reads Dexie only, a little later.
  }
}

export function clearFeedSnapshot(): void {
  lastWritten = '';
  localStorage.removeItem(KEY);
}
