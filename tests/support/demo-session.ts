import type { Browser, Page } from 'playwright-core';
import { gotoApp, type OpenedPage, openPage, waitForServiceWorkerControl } from './e2e-page.ts';

/** Every demo student's password (sync-server/src/demo). */
export const DEMO_PASSWORD = 'campus-demo';

/** Signs a demo student in through the real login form and waits for the feed. */
export async function signIn(page: Page, origin: string, email: string): Promise<void> {
  await gotoApp(page, `${origin}/login?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${origin}/home`);
}

/**
 * A fresh context on `origin`'s feed with a demo student signed in; `controlled` waits until the
 * service worker controls the page too (for tests that go offline).
 */
export async function signedInPage(
  browser: Browser,
  origin: string,
  email: string,
  viewport: { width: number; height: number },
  { controlled = false } = {},
): Promise<OpenedPage> {
  const opened = await openPage(browser, `${origin}/home`, viewport);
  await signIn(opened.page, origin, email);
  if (controlled) await waitForServiceWorkerControl(opened.page);
  return opened;
}
