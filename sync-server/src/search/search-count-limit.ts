/** One client counts a text once a day: a student can't push a term up by searching it again. */
const SAME_TEXT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** And counts at most this many texts an hour: a script can't flood the list with new ones. */
const TEXTS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;
/** Memory bound: past this many remembered keys, expired ones go; if none expired, nothing more is counted. */
const MAX_KEYS = 100_000;

export interface SearchCountLimit {
  /** True, and remembered, when `client` may count `text` on `campusId` now. */
  allow(client: string, campusId: string, text: string, now: number): boolean;
}

function boundedWindows() {
  const until = new Map<string, number>();
  return {
    isOpen(key: string, now: number) {
      return (until.get(key) ?? 0) <= now;
    },
    hasRoom(now: number) {
      if (until.size < MAX_KEYS) return true;
      for (const [key, end] of until) if (end <= now) until.delete(key);
      return until.size < MAX_KEYS;
    },
    close(key: string, end: number) {
      until.delete(key);
      until.set(key, end);
    },
  };
}

/**
 * Popular searches count explicit searches only (decision 035), in memory
 * like the account limits (decision 017): enough for one process.
 */
export function createSearchCountLimit(): SearchCountLimit {
  const texts = boundedWindows();
  const hours = new Map<string, { count: number; resetAt: number }>();
  return {
    allow(client, campusId, text, now) {
      const textKey = `${client}|${campusId}|${text}`;
      if (!texts.isOpen(textKey, now) || !texts.hasRoom(now)) return false;
      let hour = hours.get(client);
      if (!hour || hour.resetAt <= now) {
        if (hours.size >= MAX_KEYS) for (const [key, stale] of hours) if (stale.resetAt <= now) hours.delete(key);
        if (hours.size >= MAX_KEYS) return false;
        hour = { count: 0, resetAt: now + HOUR_MS };
        hours.set(client, hour);
      }
      if (hour.count >= TEXTS_PER_HOUR) return false;
      hour.count++;
      texts.close(textKey, now + SAME_TEXT_WINDOW_MS);
      return true;
    },
  };
}
