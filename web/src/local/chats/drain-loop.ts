import { backoffDelay } from '../backoff.ts';

/**
 * What one drain answers: all sent ('drained'), no network or nothing to do
 * until something changes ('offline', waits for the next trigger), or try
 * again after a backoff ('later').
 */
export type DrainLoopResult = 'drained' | 'offline' | 'later';

/** After a busy server ('later'): 1 s, then doubling with jitter, at most 30 s, as the outbox does. */
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 30_000;

export interface DrainLoopOptions {
  /** One drain (sendPendingChats). */
  run(): Promise<DrainLoopResult>;
  isOnline(): boolean;
  onError(error: unknown): void;
  random?: () => number;
}

export interface DrainLoop {
  /** Drains now, or once more after the drain under way (triggers coalesce). */
  trigger(): void;
  stop(): void;
}

/**
 * When the chat messages written offline (use-chat-sender.ts) are sent,
 * with the outbox's backoff (local-sync-context.tsx): on each trigger while
 * online, one drain at a time, a trigger during a drain
 * running it again once after. A busy server ('later') is tried again after
 * a backoff; no network ('offline') waits for the next trigger (the
 * `online` event).
 */
export function createDrainLoop({ run, isOnline, onError, random = Math.random }: DrainLoopOptions): DrainLoop {
  let isRunning = false;
  let isAgain = false;
  let isStopped = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  async function drain() {
    if (isStopped || !isOnline()) return;
    if (isRunning) {
      isAgain = true;
      return;
    }
    isRunning = true;
    clearTimeout(retry);
    try {
      let result: DrainLoopResult;
      do {
        isAgain = false;
        result = await run();
      } while (isAgain && !isStopped);
      if (result === 'later' && !isStopped) {
        retry = setTimeout(() => void drain(), backoffDelay(attempt, RETRY_BASE_MS, RETRY_MAX_MS, random));
        attempt += 1;
      } else attempt = 0;
    } catch (error) {
      onError(error);
    } finally {
      isRunning = false;
    }
  }

  return {
    trigger: () => void drain(),
    stop() {
      isStopped = true;
      clearTimeout(retry);
    },
  };
}
