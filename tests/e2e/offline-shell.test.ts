import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectImageLoaded,
  expectVisible,
  gotoApp,
  openPage,
  reloadApp,
  saveScreenshot,
  waitForServiceWorkerControl,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

// This file stops its server mid-test, so it never shares one.
const suite = useServerAndBrowser();

/** The OU shell: header logo, search box and the left sidebar. */
async function expectOuShell(page: Page): Promise<void> {
  const logo = page.getByRole('link', { name: 'OU Buy / Sell home' }).locator('img');
  await expectVisible(logo);
  expect(await logo.getAttribute('src')).toBe('/brand/ou/logo.svg');
  await expectImageLoaded(logo);
  const search = page.getByRole('combobox', { name: 'Search OU Buy / Sell' });
  await expectVisible(search);
  expect(await search.getAttribute('placeholder')).toBe('Search OU Buy / Sell');
  const sidebar = page.getByRole('complementary', { name: 'Main' });
  await expectVisible(sidebar.getByRole('link', { name: 'Buy/Sell', exact: true }));
  await expectVisible(sidebar.getByRole('link', { name: 'Settings', exact: true }));
  expect(await page.title()).toBe('OU Buy / Sell');
}

function hasCachedCampus(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const cache = await caches.open('campus-info');
    return (await cache.match('/api/campus')) !== undefined;
  });
}

describe('the shell with no network', () => {
  it('reopens from the service worker after the server is gone', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/home`, DESKTOP);
    await expectOuShell(page);
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    await waitForServiceWorkerControl(page);
    // A second online load goes through the worker, which keeps /api/campus (NetworkFirst).
    await reloadApp(page);
    await expectOuShell(page);
    await expect.poll(() => hasCachedCampus(page)).toBe(true);

    // setOffline alone does not stop the worker's own requests (STACK.md): stop the server too.
    await context.setOffline(true);
    await suite.server.close();

    await reloadApp(page);
    await expectOuShell(page);
    await saveScreenshot(page, 'offline-ou-home');

    // Without the localStorage copy, the campus must come from the worker's cache alone.
    await page.evaluate(() => localStorage.removeItem('campus:v1'));
    await gotoApp(page, `${origin}/settings/about`);
    await expectOuShell(page);
    expect(new URL(page.url()).pathname).toBe('/settings/about');
    // The settings screens are lazy chunks: they open offline because the worker precached them.
    await expectVisible(page.getByRole('navigation', { name: 'Settings' }));
    await saveScreenshot(page, 'offline-ou-settings-about');
    await context.close();
  });
});
