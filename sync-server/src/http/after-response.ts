import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * Runs `run` once the answer has left: on Node, when the response finished
 * (or its connection closed first); under `app.request` (tests), on the next
 * turn of the event loop. Work that need not hold the answer, such as a
 * notification fan-out (decision 032), waits here so a compressed body is
 * not streamed out behind it.
 */
export function afterResponse(c: Context, run: () => void): void {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || typeof outgoing.once !== 'function' || outgoing.writableFinished) {
    setImmediate(run);
    return;
  }
  let hasRun = false;
  const once = () => {
    if (hasRun) return;
    hasRun = true;
    run();
  };
  outgoing.once('finish', once);
  outgoing.once('close', once);
}
