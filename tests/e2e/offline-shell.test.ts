import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { launchChromium } from '../support/browser.ts';
import {
  DESKTOP,
  expectImageLoaded,
  expectVisible,
  openPage,
  saveScreenshot,
  waitForServiceWorkerControl,
} from '../support/e2e-page.ts';

// This file stops its server mid-test, so it never shares one.
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

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
    const origin = server.origin('ou');
    const { context, page } = await openPage(browser, `${origin}/home`, DESKTOP);
    await expectOuShell(page);
    console.log('step 1', Date.now() % 100000);
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    console.log('step 2', Date.now() % 100000);
    await waitForServiceWorkerControl(page);
    console.log('step 3', Date.now() % 100000);
    // A second online load goes through the worker, which keeps /api/campus (NetworkFirst).
    await page.reload();
    console.log('step 4', Date.now() % 100000);
    await expectOuShell(page);
    console.log('step 5', Date.now() % 100000);
    await expect.poll(() => hasCachedCampus(page)).toBe(true);
    console.log('step 6', Date.now() % 100000);

    // setOffline alone does not stop the worker's own requests (STACK.md): stop the server too.
    await context.setOffline(true);
    console.log('step 7', Date.now() % 100000);
    await server.close();
    console.log('step 8', Date.now() % 100000);

    await page.reload();
    console.log('step 9', Date.now() % 100000);
    await expectOuShell(page);
    console.log('step 10', Date.now() % 100000);
    await saveScreenshot(page, 'offline-ou-home');
    console.log('step 11', Date.now() % 100000);

    // Without the localStorage copy, the campus must come from the worker's cache alone.
    await page.evaluate(() => localStorage.removeItem('campus:v1'));
    console.log('step 12', Date.now() % 100000);
    await page.goto(`${origin}/settings/about`);
    console.log('step 13', Date.now() % 100000);
    await expectOuShell(page);
    console.log('step 14', Date.now() % 100000);
    expect(new URL(page.url()).pathname).toBe('/settings/about');
    await expectVisible(page.getByRole('heading', { name: 'Settings', exact: true }));
    console.log('step 15', Date.now() % 100000);
    await saveScreenshot(page, 'offline-ou-settings-about');
    console.log('step 16', Date.now() % 100000);
    await context.close();
    console.log('step 17', Date.now() % 100000);
  });
});
