import type { LocalDb } from './local-db.ts';

/**
 * The order this page sent its reads and writes in (decision 013,
 * Freshness). Answers about one post can land in another order (other
 * connections, a slow answer), and a save moves saveCount without moving
 * lastModified (the feed's order), so the answers themselves cannot tell the
 * older from the newer; local-cache.ts goes by this order instead.
 */
let lastMark = 0;

/** The next mark: taken as a read or a mutation's request leaves the device. */
export function nextSendMark(): number {
  lastMark += 1;
  return lastMark;
}

/**
 * Per device database, the mark of what each post was last stored from: a
 * read's answer or a mutation's. An answer to a request sent before that is
 * older than what the device shows, and is not stored over it: a post read by the outbox before another student saved it must
 * not undo the read of that save's notice, which landed first (a save moves
 * no lastModified, so the row would stay stale for good). Found by
 * tests/fuzz (FUZZ_SEED=3122845140, 2480105055; stale-replay.test.ts).
 */
const STORED_MARKS_KEPT = 5000;
const storedMarksByDb = new WeakMap<LocalDb, Map<string, number>>();

function storedMarksOf(db: LocalDb): Map<string, number> {
  let marks = storedMarksByDb.get(db);
  if (!marks) {
    marks = new Map();
    storedMarksByDb.set(db, marks);
  }
  return marks;
}

/** Whether the post was stored from something sent after `mark`: an answer to `mark` is older. */
export function isOutdated(db: LocalDb, postId: string, mark: number): boolean {
  return (storedMarksOf(db).get(postId) ?? 0) > mark;
}

/** The post now shows an answer to `mark`. Call inside the transaction that stores it. */
export function noteStored(db: LocalDb, postId: string, mark: number) {
  const marks = storedMarksOf(db);
  if ((marks.get(postId) ?? 0) >= mark) return;
  marks.delete(postId);
  marks.set(postId, mark);
  // The post stored longest ago goes first: no answer to it is still on its way.
  if (marks.size > STORED_MARKS_KEPT) marks.delete(marks.keys().next().value as string);
}
