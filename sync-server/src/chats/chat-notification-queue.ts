import type { Logger } from '../http/logger.ts';
import type { ChatWriter, NotificationInsert } from './chat-writer.ts';

/**
 * Where the notifications that chat messages and likes cause wait to be
 * written (issue 6, decision 016 addendum 2). A message is stored and relayed
 * without them; every `delayMs` what has gathered, from every room, goes to
 * the chat writer as one part, at most `maxRows` rows a part. Written
 * together, a user's or a chat's index entries share pages: in the chat
 * bench a message's commit was half notification, and (b) pays per page.
 * The cost is that a crash loses the notifications of the last `delayMs`,
 * never a message.
 */
export interface NotificationQueue {
  add(rows: NotificationInsert[]): void;
  /** Writes what is queued now; resolves once every row handed in so far is written (or given up on). */
  flush(): Promise<void>;
}

export function createNotificationQueue(
  writer: ChatWriter,
  logger: Logger,
  { delayMs = 100, maxRows = 500 }: { delayMs?: number; maxRows?: number } = {},
): NotificationQueue {
  const queued: NotificationInsert[] = [];
  let timer: NodeJS.Timeout | null = null;
  let written: Promise<void> = Promise.resolve();

  function write(rows: NotificationInsert[]): Promise<void> {
    return writer.write({ kind: 'notifications', notifications: rows }).then(
      () => undefined,
      // Messages are stored whatever happens here; a lost notification is logged, not retried.
      (error: unknown) => logger.error('chat notifications not stored', { rows: rows.length, error: String(error) }),
    );
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queued.length > 0) {
      const rows = queued.splice(0, maxRows);
      // One part after the other: a big backlog does not hold the writer in one long commit.
      written = written.then(() => write(rows));
    }
    return written;
  }

  return {
    add(rows) {
      if (rows.length === 0) return;
      queued.push(...rows);
      if (!timer) {
        timer = setTimeout(flush, delayMs);
        timer.unref();
      }
    },
    flush,
  };
}
