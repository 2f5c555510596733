import type { Page } from 'playwright-core';

/** Every demo student's password (sync-server/src/demo). */
export const DEMO_PASSWORD = 'campus-demo';

/** Signs a demo student in through the real login form and waits for the feed. */
export async function signIn(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/login?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${origin}/home`);
}
