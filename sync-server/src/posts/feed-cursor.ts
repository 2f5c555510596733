import { AppError } from '../http/app-error.ts';

/** A position in the feed: the last post's activity time and id (the tie-breaker). */
export interface FeedCursor {
  lastModified: string;
  id: string;
}

export function encodeFeedCursor(cursor: FeedCursor): string {
  return Buffer.from(JSON.stringify([cursor.lastModified, cursor.id])).toString('base64url');
}

export function decodeFeedCursor(value: string): FeedCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') {
      return { lastModified: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through to the client error below
  }
  throw new AppError('bad_request', [{ msg: 'The feed cursor is not valid.', field: 'cursor' }]);
}
