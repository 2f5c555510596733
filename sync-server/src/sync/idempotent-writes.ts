import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '@campus/shared/sync-api';
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';

/** UUIDv7 or any UUID the client's outbox made (ids.ts); nothing else is a mutation id. */
const MUTATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Statuses a Response may not have a body with (Fetch spec "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export const MUTATION_MESSAGES = {
  badKey: 'The mutation id is not valid.',
  reused: 'This mutation id was already used for another request.',
  inProgress: 'This change is still being applied. Try again in a moment.',
} as const;

/**
 * Applies each outbox mutation once (issue 5). A write that carries an
 * Idempotency-Key claims `(viewer, key)` in mutation_receipts before it runs;
 * a success is kept and every retry with the same key gets that same answer
 * back ('already applied' is success), without running the handler again.
 * A failure is not kept: nothing was applied, so a retry runs afresh.
 *
 * A claim left pending by a server that stopped mid-request (another boot)
 * is taken over: the write paths themselves are safe to repeat by then
 * (create uses the mutation id as the row id, saves set a state, deletes and
 * edits converge), and the outbox never sends a later mutation before this
 * one is answered. docs/decisions/013 has the reasoning.
 */
export function idempotentWrites(db: Db, bootId: string): MiddlewareHandler<AppEnv> {
  // Not async itself: a read passes straight on, without a promise of its own (issue 25).
  return function applyOnce(c, next) {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    const viewer = c.get('viewer');
    if (key === undefined || c.req.method === 'GET' || c.req.method === 'HEAD' || !viewer) return next();
    return applyWrite(c, next, key, viewer);
  };
  async function applyWrite(c: Context<AppEnv>, next: Next, key: string, viewer: UserRow) {
    if (!MUTATION_ID.test(key)) throw new AppError('bad_request', MUTATION_MESSAGES.badKey);

    const method = c.req.method;
    const path = c.req.path;
    const claimed = await db
      .insertInto('mutation_receipts')
      .values({
        user_id: viewer.id,
        id: key,
        method,
        path,
        state: 'pending',
        boot_id: bootId,
        created_at: new Date().toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'id']).doNothing())
      .executeTakeFirst();

    if (!claimed.numInsertedOrUpdatedRows) {
      const receipt = await db
        .selectFrom('mutation_receipts')
        .selectAll()
        .where('user_id', '=', viewer.id)
        .where('id', '=', key)
        .executeTakeFirst();
      // The claim was dropped between our insert and this read: its request was just refused. A retry runs afresh.
      if (!receipt) throw new AppError('conflict', MUTATION_MESSAGES.inProgress);
      if (receipt.method !== method || receipt.path !== path) throw new AppError('conflict', MUTATION_MESSAGES.reused);
      if (receipt.state === 'done' && receipt.status !== null) {
        // A 204 (DELETE /api/uploads/:id) may carry no body at all: `new Response('', 204)` throws.
        if (NULL_BODY_STATUSES.has(receipt.status)) {
          return c.body(null, receipt.status as 204, { [REPLAYED_HEADER]: 'true' });
        }
        return c.body(receipt.body ?? '', receipt.status as 200, {
          'Content-Type': 'application/json',
          [REPLAYED_HEADER]: 'true',
        });
      }
      if (receipt.boot_id === bootId) throw new AppError('conflict', MUTATION_MESSAGES.inProgress);
      await db
        .updateTable('mutation_receipts')
        .set({ boot_id: bootId })
        .where('user_id', '=', viewer.id)
        .where('id', '=', key)
        .execute();
    }

    try {
      await next();
    } finally {
      const status = c.res?.status ?? 500;
      if (status < 400) {
        await db
          .updateTable('mutation_receipts')
          .set({ state: 'done', status, body: await c.res.clone().text() })
          .where('user_id', '=', viewer.id)
          .where('id', '=', key)
          .execute();
      } else {
        await db.deleteFrom('mutation_receipts').where('user_id', '=', viewer.id).where('id', '=', key).execute();
      }
    }
  }
}

/** Receipts older than this are dropped: an outbox older than a week starts over (decision 013). */
const RECEIPT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function pruneReceipts(db: Db, now = Date.now()): Promise<void> {
  const cutoff = new Date(now - RECEIPT_TTL_MS).toISOString();
  await db.deleteFrom('mutation_receipts').where('created_at', '<', cutoff).execute();
}
