import { type Expression, type SqlBool, sql } from 'kysely';
import { AppError } from '../http/app-error.ts';

/** A position in a list sorted newest first: the last row's sort time and id (the tie-breaker). */
export interface PageCursor {
  at: string;
  id: string;
}

function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** `list` names the list in the error ('The feed cursor is not valid.'). */
export function decodePageCursor(value: string, list = 'page'): PageCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') {
      return { at: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through to the client error below
  }
  throw new AppError('bad_request', [{ msg: `The ${list} cursor is not valid.`, field: 'cursor' }]);
}

/**
 * Rows after the cursor in `(sort desc, id desc)` order. A row-value
 * comparison lets SQLite seek straight into the index instead of scanning
 * and discarding the newer rows (EXPLAIN: `(last_modified,id)<(?,?)`).
 */
export function afterCursor(sortColumn: string, idColumn: string, cursor: PageCursor): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(sortColumn)}, ${sql.ref(idColumn)}) < (${cursor.at}, ${cursor.id})`;
}

/** The next page's cursor, or null when this page came back short (the end). */
export function nextCursorOf<Row>(rows: Row[], limit: number, position: (row: Row) => PageCursor): string | null {
  const last = rows.at(-1);
  return last !== undefined && rows.length === limit ? encodePageCursor(position(last)) : null;
}

/** The `?cursor=` of a list request: absent or empty is the first page. */
export function readCursorParameter(value: string | undefined): PageCursor | null {
  if (value === undefined || value === '') return null;
  if (value.length > 500)
    throw new AppError('bad_request', [{ msg: 'The page cursor is not valid.', field: 'cursor' }]);
  return decodePageCursor(value);
}
