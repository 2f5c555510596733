import { defineConfig } from 'vitest/config';

/**
 * One runner for the whole suite. `unit` covers shared rules and the server
 * (a fresh migrated in-memory SQLite per test); `e2e` drives Debian's
 * Chromium against the built app served on a free port.
 */
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'sync-server/src/**/*.test.ts', 'web/src/**/*.test.ts'],
          environment: 'node',
          // Vitest's default is one worker fewer than the cores: one on this 2-core machine. Two files
          // at a time (each with its own in-memory SQLite and port 0): the project took 141 s instead of 243.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: one Chromium at a time keeps timings steady.
          fileParallelism: false,
        },
      },
      {
        test: {
          // tests/fuzz: the seeded fault-injection sync suite (issue 5); FUZZ_SEED pins a round.
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // tests/durability: kill -9 of the real server process during write bursts (issue 18).
          name: 'durability',
          include: ['tests/durability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
