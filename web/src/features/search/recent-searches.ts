import type { LocalDb, RecentSearchEntry } from '../../local/local-db.ts';

/** 'My Recent' keeps this many searches per user; the oldest go (decision 038). */
export const RECENT_SEARCHES_KEPT = 10;

/** Whose recent searches: the signed-in user, or '' for a signed-out visitor (the generic site). */
export function recentSearchOwner(userId: string | null): string {
  return userId ?? '';
}

/** One user's rows, oldest first (ISO times sort as text). */
function rowsOf(db: LocalDb, owner: string) {
  return db.recentSearches.where('[userId+searchedAt]').between([owner, ''], [owner, '\uffff']);
}

/** One user's recent searches on this device, newest first. */
export function listRecentSearches(db: LocalDb, owner: string): Promise<RecentSearchEntry[]> {
  return rowsOf(db, owner).reverse().limit(RECENT_SEARCHES_KEPT).toArray();
}

/**
 * Keeps an explicit search at the top of 'My Recent': the same text again (any case or
 * spacing) moves up instead of showing twice, and past RECENT_SEARCHES_KEPT the oldest go.
 */
export async function addRecentSearch(db: LocalDb, owner: string, text: string, now = new Date()): Promise<void> {
  const kept = text.trim().replace(/\s+/g, ' ');
  if (!kept) return;
  const folded = kept.toLowerCase();
  await db.transaction('rw', db.recentSearches, async () => {
    const mine = await rowsOf(db, owner).reverse().toArray();
    const same = mine.filter((entry) => entry.text.toLowerCase() === folded);
    const beyond = mine.filter((entry) => entry.text.toLowerCase() !== folded).slice(RECENT_SEARCHES_KEPT - 1);
    await db.recentSearches.bulkDelete([...same, ...beyond].map((entry): [string, string] => [owner, entry.text]));
    await db.recentSearches.put({ userId: owner, text: kept, searchedAt: now.toISOString() });
  });
}

/** The per-item remove of 'My Recent'. */
export async function removeRecentSearch(db: LocalDb, owner: string, text: string): Promise<void> {
  await db.recentSearches.delete([owner, text]);
}

/** 'Clear all' once confirmed: this user's recent searches only. */
export async function clearRecentSearches(db: LocalDb, owner: string): Promise<void> {
  await rowsOf(db, owner).delete();
}
