import { countSearch } from './api.ts';

/** The searches counted in this page session, folded as the server folds them (trimmed, lower case, single spaces). */
const counted = new Set<string>();

/** True the first time `q` is seen in `seen` (and remembers it); false for an empty or a repeated search. */
export function isNewSearch(seen: Set<string>, q: string): boolean {
  const folded = q.trim().toLowerCase().replace(/\s+/g, ' ');
  if (folded === '' || seen.has(folded)) return false;
  seen.add(folded);
  return true;
}

/**
 * Counts a search into popular searches when the page opens with a new q
 * (Enter, a link, a suggestion), once per q: a filter or a tab keeps q and
 * is not counted again; the server keeps one a day per client anyway.
 */
export function countNewSearch(q: string): void {
  if (!isNewSearch(counted, q)) return;
  // Counting is the server's business: a failure changes nothing on screen.
  countSearch({ q: q.trim() }).catch(() => undefined);
}
