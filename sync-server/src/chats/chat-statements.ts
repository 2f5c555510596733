import type SQLite from 'better-sqlite3';
import { type Db, sqliteOf } from '../db/database.ts';

/** The room's once-a-second block re-check as a fixed SQL text, prepared once per connection. */
const BLOCKED_EITHER_WAY =
  'select 1 from "blocks" where ("blocker_id" = ? and "blocked_id" = ?) or ("blocker_id" = ? and "blocked_id" = ?) limit 1';

const prepared = new WeakMap<SQLite.Database, SQLite.Statement>();

/**
 * blocks.repository.ts's isBlockedEitherWay, synchronously on the server's
 * one connection (better-sqlite3 is synchronous; Kysely's promise around it
 * cost every room a query's worth of allocations a second under load, and
 * the message waiting for it a trip through the microtask queue). A read:
 * inside an open Kysely transaction it sees that transaction's writes, which
 * for blocks is what a later commit would show anyway.
 */
export function isEitherMemberBlocked(db: Db, userId: string, otherId: string): boolean {
  const sqlite = sqliteOf(db);
  let statement = prepared.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare(BLOCKED_EITHER_WAY).pluck();
    prepared.set(sqlite, statement);
  }
  return statement.get(userId, otherId, otherId, userId) !== undefined;
}
