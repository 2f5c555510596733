import { CATCH_UP_LIMIT, type ChangeNotice, type ServerSyncMessage } from '@campus/shared/sync-api';
import type { Db } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import { createUnreadFanOut } from '../notifications/unread-fan-out.ts';
import { type RoutedChange, readCatchUp, readChangesBetween, readHeadSeq } from './changes.repository.ts';

/** One connected client: what it may hear and where to send it. */
export interface Subscriber {
  campusId: string;
  userId: string;
  send(message: ServerSyncMessage): void;
}

export interface ChangeHub {
  /** A write happened (or may have): send what is new to everyone concerned. */
  poke(): void;
  /** Catch the subscriber up from `since` (null: from now), then keep it posted. Resolves once caught up. */
  subscribe(subscriber: Subscriber, since: number | null): Promise<void>;
  unsubscribe(subscriber: Subscriber): void;
  /** Resolves when every queued step has run (tests, shutdown). */
  idle(): Promise<void>;
  readonly size: number;
}

function concerns(subscriber: Subscriber, change: RoutedChange): boolean {
  if (change.campusId !== subscriber.campusId) return false;
  // Posts are campus-wide; a saved list and a chat (issue 6) concern their one user only.
  return change.notice.kind === 'post' || change.userId === subscriber.userId;
}

/**
 * Fans the `changes` log out to connected clients (decision 013). Every step
 * (a fan-out after a write, a newcomer's catch-up) runs in one queue, so a
 * client caught up to seq N hears exactly the changes after N, once, in order.
 * With nobody connected a write costs nothing here. `onPoke` hears of every
 * poke, connected or not.
 */
export function createChangeHub(db: Db, logger: Logger, onPoke?: () => void): ChangeHub {
  const subscribers = new Set<Subscriber>();
  let lastSeq = 0;
  let isPoked = false;
  let queue: Promise<void> = Promise.resolve();
  const unread = createUnreadFanOut(db);

  function enqueue(step: () => Promise<void>): Promise<void> {
    const run = queue.then(step).catch((error: unknown) => {
      logger.error('change hub step failed', { error: error instanceof Error ? error.message : String(error) });
    });
    queue = run;
    return run;
  }

  async function fanOut() {
    isPoked = false;
    if (subscribers.size === 0) return;
    await fanOutChanges();
    // Unread counts move without a `changes` row too (marking read): their own log, issue 21.
    await unread.fanOut(subscribers);
  }

  async function fanOutChanges() {
    const head = await readHeadSeq(db);
    if (head <= lastSeq) return;
    const changes = await readChangesBetween(db, lastSeq, head);
    lastSeq = head;
    for (const subscriber of subscribers) {
      const notices: ChangeNotice[] = changes
        .filter((change) => concerns(subscriber, change))
        .map((change) => change.notice);
      // Even with nothing for it, the client's cursor moves on, so a later catch-up starts here.
      subscriber.send({ type: 'changes', changes: notices, cursor: head });
    }
  }

  return {
    poke() {
      // Others that follow writes whoever is connected (the push worker, decision 034).
      onPoke?.();
      if (isPoked || subscribers.size === 0) return;
      isPoked = true;
      void enqueue(fanOut);
    },
    subscribe(subscriber, since) {
      return enqueue(async () => {
        // Nobody was listening, so nothing was fanned out: start the hub from the present.
        if (subscribers.size === 0) {
          lastSeq = await readHeadSeq(db);
          await unread.start();
        }
        if (since === null || since === lastSeq) {
          subscriber.send({ type: 'changes', changes: [], cursor: lastSeq });
        } else if (since > lastSeq) {
          // A cursor from the future: this server's log was replaced (a restore, a fresh database).
          subscriber.send({ type: 'reset', cursor: lastSeq });
        } else {
          const { changes, isTooOld } = await readCatchUp(db, subscriber, since, lastSeq, CATCH_UP_LIMIT);
          if (isTooOld || changes.length > CATCH_UP_LIMIT) subscriber.send({ type: 'reset', cursor: lastSeq });
          else subscriber.send({ type: 'changes', changes: changes.map((change) => change.notice), cursor: lastSeq });
        }
        subscribers.add(subscriber);
      });
    },
    unsubscribe(subscriber) {
      subscribers.delete(subscriber);
    },
    idle() {
      return queue;
    },
    get size() {
      return subscribers.size;
    },
  };
}
