import type { ServerSyncMessage } from '@campus/shared/sync-api';
import type { Db } from '../db/database.ts';
import { countUnread } from './notifications.repository.ts';

/** What the fan-out needs of a connected client (the change hub's Subscriber). */
interface UnreadSubscriber {
  campusId: string;
  userId: string;
  send(message: ServerSyncMessage): void;
}

export interface UnreadFanOut {
  /** The hub had nobody: forget what was logged meanwhile (nobody was there to hear it). */
  start(): Promise<void>;
  /** Tells each subscriber whose counts may have moved since the last call its counts now. */
  fanOut(subscribers: Iterable<UnreadSubscriber>): Promise<void>;
}

/** Log rows read between prunes. */
const PRUNE_EVERY = 1000;

/**
 * The live half of the badges (issue 21, decision 032). Triggers log to
 * `unread_changes` each user whose unread notifications or chats may have
 * moved, in the transaction that moved them (migration 2026-11-25T1000); on
 * each poke of the change hub this reads the log past its cursor and sends
 * every connected device of those users an `unread` message with the counts
 * for its campus, worked out once per user and campus. Devices of users not
 * in the log hear nothing, and with nobody connected it costs nothing.
 */
export function createUnreadFanOut(db: Db): UnreadFanOut {
  let lastSeq = 0;
  let prunedSeq = 0;

  async function headSeq(): Promise<number> {
    const row = await db
      .selectFrom('unread_changes')
      .select((eb) => eb.fn.max('seq').as('head'))
      .executeTakeFirst();
    return Number(row?.head ?? 0);
  }

  async function prune(upTo: number) {
    await db.deleteFrom('unread_changes').where('seq', '<=', upTo).execute();
    prunedSeq = upTo;
  }

  return {
    async start() {
      lastSeq = await headSeq();
      await prune(lastSeq);
    },
    async fanOut(subscribers) {
      const rows = await db
        .selectFrom('unread_changes')
        .select(['seq', 'user_id'])
        .where('seq', '>', lastSeq)
        .orderBy('seq')
        .execute();
      const last = rows.at(-1);
      if (last === undefined) return;
      lastSeq = last.seq;
      const users = new Set(rows.map((row) => row.user_id));
      const counts = new Map<string, Promise<ServerSyncMessage>>();
      for (const subscriber of subscribers) {
        if (!users.has(subscriber.userId)) continue;
        const key = `${subscriber.campusId}:${subscriber.userId}`;
        let message = counts.get(key);
        if (message === undefined) {
          message = countUnread(db, subscriber.campusId, subscriber.userId).then((unread) => ({
            type: 'unread' as const,
            ...unread,
          }));
          counts.set(key, message);
        }
        subscriber.send(await message);
      }
      if (lastSeq - prunedSeq >= PRUNE_EVERY) await prune(lastSeq);
    },
  };
}
