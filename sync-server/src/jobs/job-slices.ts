import type { Logger } from '../http/logger.ts';

/**
 * Background work in bounded slices (issue 36): the notification jobs, the ads' lifecycle pass and
 * the mail worker do one unit of work (a job, an ad, a recipient) per turn of the event loop, so a
 * request that arrived meanwhile is answered between two units instead of after the whole batch.
 * A unit that held the loop longer than SLOW_JOB_MS says so in the log, with its duration.
 */
export const SLOW_JOB_MS = 50;

/** Lets the requests waiting on the event loop run before the next unit of background work. */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs one unit of background work and logs it when it was slow. */
export async function timedUnit<T>(
  logger: Logger,
  job: string,
  fields: Record<string, unknown>,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const ms = performance.now() - started;
    if (ms > SLOW_JOB_MS) logger.info('slow job', { job, ms: Math.round(ms), ...fields });
  }
}
