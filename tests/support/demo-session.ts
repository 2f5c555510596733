import type { Browser, Page } from 'playwright-core';
import { gotoApp, type OpenedPage, openPage, waitForServiceWorkerControl } from './e2e-page.ts';

/** Every demo student's password (sync-server/src/demo). */
export const DEMO_PASSWORD = 'campus-demo';

function loginUrl(origin: string, email: string): string {
  return `${origin}/login?email=${encodeURIComponent(email)}`;
}

/** Submits the real login form the page shows with a demo student's password, and waits for the feed. */
async function submitLogin(page: Page, origin: string): Promise<void> {
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${origin}/home`);
}

/** Signs a demo student in through the real login form and waits for the feed. */
export async function signIn(page: Page, origin: string, email: string): Promise<void> {
  await gotoApp(page, loginUrl(origin, email));
  await submitLogin(page, origin);
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
  // The fresh context opens on the login form itself: one page load, not the feed's and the form's.
  const opened = await openPage(browser, loginUrl(origin, email), viewport);
  await submitLogin(opened.page, origin);
  if (controlled) await waitForServiceWorkerControl(opened.page);
  return opened;
}
