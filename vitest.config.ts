import { defineConfig } from 'vitest/config';
import { scaled } from './shared/src/time-scale.ts';

/**
 * One runner for the whole suite, in projects `npm test` runs one after another
 * (tests/scripts/test.mjs). Every timeout is a base figure times TEST_TIME_SCALE.
 *
 * - `unit`: shared rules, the server (a fresh migrated in-memory SQLite per test) and the web
 *   build's own plugins (web/build). Files share their worker's loaded modules (`isolate: false`): importing the server's module graph again for
 *   each of ~190 files was 207 of the project's 218 s. Nothing in these files may rely on a fresh
 *   module state: each test builds its own app, database and timers, and undoes its stubs.
 * - `web`: the browser code under Node, each file in a fresh module graph (Dexie over
 *   fake-indexeddb keeps module-wide databases).
 * - `e2e`: Debian's Chromium against the built app, as `npm start` serves it, two files at a time.
 * - `fuzz`, `durability`: the seeded faulty-network sync rounds and kill -9 during writes.
 */
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    // A server test that runs ffmpeg or rasterises photos takes seconds on two busy cores (a 5 s
    // default failed a video upload in a clean-clone run): a hang still ends here.
    testTimeout: scaled(15_000),
    hookTimeout: scaled(10_000),
    // expect.poll without its own timeout: Vitest's 1 s, scaled like the rest.
    expect: { poll: { timeout: scaled(1_000) } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'sync-server/src/**/*.test.ts',
            'web/build/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
          environment: 'node',
          // Vitest's default is one worker fewer than the cores: one on this 2-core machine.
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(60_000),
          hookTimeout: scaled(60_000),
          // A journey's wait for what a page shows, as e2e-page.ts's WAIT_MS: a browser on two busy cores
          // takes longer than a second to read and paint a fresh page.
          expect: { poll: { timeout: scaled(10_000) } },
          globalSetup: ['./tests/support/e2e-global-setup.ts'],
          maxWorkers: 2,
          // Each file starts its own server and Chromium; the modules (the server's graph, Playwright)
          // are loaded once per worker, not once per file (190 s of the project's time when isolated).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(120_000),
          hookTimeout: scaled(60_000),
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'durability',
          include: ['tests/durability/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(90_000),
          hookTimeout: scaled(60_000),
          fileParallelism: false,
        },
      },
    ],
  },
});
