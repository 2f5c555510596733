import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signedInPage } from '../support/demo-session.ts';
import { gotoApp, PHONE, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

/** Whom the device's read cache belongs to (local-sync-context.tsx keeps it in Dexie's meta table). */
function deviceOwner(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const opening = indexedDB.open('campus-buy-sell');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const read = opening.result.transaction('meta').objectStore('meta').get('owner');
          read.onsuccess = () => {
            opening.result.close();
            resolve((read.result as { value: string | null } | undefined)?.value ?? null);
          };
        };
      }),
  );
}

// issue 5: what the device read for one student goes when another signs in on it. The feed's first
// page can land before that clearing, which used to leave 'Be the first...' over a full feed.
describe('another student on the same device', () => {
  it('shows the feed again after the read cache was cleared for the new student', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', PHONE);
    await expect.poll(() => page.getByRole('article').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => deviceOwner(page), { timeout: 10_000 }).not.toBeNull();
    const firstOwner = await deviceOwner(page);

    // Another student's session cookie, set without the app hearing of it.
    const login = await page.evaluate(
      async ({ email, password }) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email, password }),
          })
        ).status,
      { email: 'sofiar@ou.edu', password: DEMO_PASSWORD },
    );
    expect(login).toBe(200);
    // The session answers late, so the feed's first page is stored before the device learns whose it is.
    await context.route('**/api/auth/me', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await gotoApp(page, `${origin}/home`);
    // The device has learnt the student changed, and emptied what it had read for the last one.
    await expect.poll(() => deviceOwner(page), { timeout: 10_000 }).not.toBe(firstOwner);
    await expect.poll(() => page.getByRole('article').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByText('Be the first...').count()).toBe(0);
    await saveScreenshot(page, 'device-owner-change-390');
    await context.close();
  });
});
