/**
 * Every timeout and bounded wait in the suite is a base figure times TEST_TIME_SCALE (default 1),
 * so a busy or slow machine sets one number (`TEST_TIME_SCALE=3 npm test`) instead of tests
 * raising their own. vitest.config.ts scales the default test and hook timeouts with it.
 */
// Read where there is a process (the suite runs under Node); a browser bundle that imports this has none.
const TIME_SCALE = timeScaleOf(
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.TEST_TIME_SCALE,
);

function timeScaleOf(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale < 1)
    throw new Error(`TEST_TIME_SCALE must be a number of at least 1, not '${value}'`);
  return scale;
}

/** `ms` on this machine: the base figure times TEST_TIME_SCALE. */
export function scaled(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}
