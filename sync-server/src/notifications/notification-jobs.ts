import type { Db } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import { timedUnit, yieldToRequests } from '../jobs/job-slices.ts';
import { runCommentFanOut } from './comment-fan-out.ts';

export interface NotificationJobs {
  /** A transaction that wrote a job committed: run what is waiting, right after this turn of the event loop. */
  poke(): void;
  /** Runs the jobs left by a process that stopped between a commit and its fan-out (start-up). */
  start(): Promise<void>;
  /** Resolves when nothing is waiting or running (tests, benches). */
  idle(): Promise<void>;
  /** Takes no more pokes and waits for the running job (shutdown, before the database closes). */
  close(): Promise<void>;
}

/** Jobs read a query; each then runs in its own transaction. */
const BATCH = 50;
/** A job that failed this often stays in the table for a person to look at. */
const MAX_ATTEMPTS = 3;

/**
 * The notifications' transactional outbox (decision 032): a comment's
 * transaction writes a `notification_jobs` row, and this worker runs it after
 * the commit, in order, each job in one transaction with the deletion of its
 * row, so a job is done once or not at all (and doing it again would change
 * nothing: comment-fan-out.ts). `onWritten` runs after each job's commit: the
 * change hub is poked, and the fan-out's recipients' devices hear their new
 * unread counts. One run at a time; pokes during a run make one more.
 */
export function createNotificationJobs({
  db,
  logger,
  onWritten,
}: {
  db: Db;
  logger: Logger;
  onWritten: () => void;
}): NotificationJobs {
  let queue: Promise<void> = Promise.resolve();
  let isScheduled = false;
  let isClosed = false;

  async function runOne(job: { id: number; comment_id: string; post_id: string }): Promise<void> {
    try {
      await timedUnit(logger, 'comment fan-out', { postId: job.post_id }, () =>
        db.transaction().execute(async (trx) => {
          await runCommentFanOut(trx, { commentId: job.comment_id, postId: job.post_id });
          await trx.deleteFrom('notification_jobs').where('id', '=', job.id).execute();
        }),
      );
      onWritten();
    } catch (error) {
      logger.error('notification job failed', { job: job.id, error: String(error) });
      await db
        .updateTable('notification_jobs')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', job.id)
        .execute();
    }
  }

  async function runAll(): Promise<void> {
    let afterId = 0;
    for (;;) {
      const jobs = await db
        .selectFrom('notification_jobs')
        .select(['id', 'comment_id', 'post_id'])
        .where('id', '>', afterId)
        .where('attempts', '<', MAX_ATTEMPTS)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const job of jobs) {
        if (isClosed) return;
        await runOne(job);
        afterId = job.id;
        // One job a turn: requests that came meanwhile are answered before the next (issue 36).
        await yieldToRequests();
      }
      if (jobs.length < BATCH) return;
    }
  }

  function schedule(): Promise<void> {
    if (isScheduled || isClosed) return queue;
    isScheduled = true;
    queue = queue
      // After this turn: the request that wrote the job is answered first.
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        isScheduled = false;
        return runAll();
      })
      .catch((error: unknown) => logger.error('notification jobs stopped', { error: String(error) }));
    return queue;
  }

  return {
    poke() {
      void schedule();
    },
    start: schedule,
    idle: () => queue,
    async close() {
      isClosed = true;
      await queue;
    },
  };
}
