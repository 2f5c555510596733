import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type AppServer, startAppServer } from './app-server.ts';
import { launchChromium } from './browser.ts';

export interface E2eSuite {
  readonly server: AppServer;
  readonly browser: Browser;
}

/**
 * One real server (demo data, own data directory, configured as `npm start` runs it) and one
 * Chromium for the test file that calls this, started before its tests and closed after them.
 */
export function useServerAndBrowser(): E2eSuite {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the e2e server is not started yet');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not launched yet');
      return browser;
    },
  };
}
