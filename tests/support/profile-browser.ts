import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';

export interface ProfileBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Debian's Chromium with a real on-disk profile. `browser.newContext()` is an
 * incognito profile, where Chromium refuses to install any app ('in-incognito'),
 * so installability can only be checked in a context like this one.
 */
export async function launchChromiumWithProfile(): Promise<ProfileBrowser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'campus-e2e-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: CHROMIUM_ARGS,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
