import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { scaled } from '@campus/shared/time-scale';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';

/** The widths the shell is checked at (spec 1 §2 breakpoints: 769 and 1170). */
export const DESKTOP = { width: 1280, height: 900 };
export const TABLET = { width: 1000, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Long enough for a cold first load of the built app; short enough to fail fast (times TEST_TIME_SCALE). */
const WAIT_MS = scaled(10_000);
const artifactsDir = path.resolve(import.meta.dirname, '../artifacts');

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
}

/**
 * Waits until the app has swapped out the screen the server wrote into the HTML (decision 049); at
 * once on a page without one. Until then the page shows the written screen, whose buttons only
 * take a tap for the app to repeat after the swap: tests click the app's own.
 */
export async function waitForFirstScreenSwap(page: Page): Promise<void> {
  await page.locator('#first-screen').waitFor({ state: 'detached', timeout: WAIT_MS });
}

/**
 * The one way a journey opens a page: `url` loaded, then the app started and its screen shown
 * (the written first screen swapped out). Only a test of the written screen itself calls
 * `page.goto` (tests/support/navigation-rule.test.ts keeps it so).
 */
export async function gotoApp(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await waitForFirstScreenSwap(page);
  return response;
}

/** `page.reload()`, then the app started again, as gotoApp. */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await waitForFirstScreenSwap(page);
}

/** A fresh context (no cookies, storage or service worker yet) with one page on `url`, the app started. */
export async function openPage(browser: Browser, url: string, viewport = DESKTOP): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  await gotoApp(page, url);
  return { context, page };
}

export async function expectVisible(locator: Locator): Promise<void> {
  await expect.poll(() => locator.isVisible(), { timeout: WAIT_MS }).toBe(true);
}

/** Rendered into the page but hidden (by CSS), not merely absent. */
export async function expectAttachedButHidden(locator: Locator): Promise<void> {
  await expect.poll(() => locator.count(), { timeout: WAIT_MS }).toBe(1);
  await expect.poll(() => locator.isVisible(), { timeout: WAIT_MS }).toBe(false);
}

export async function expectText(locator: Locator, text: string | RegExp): Promise<void> {
  await expectVisible(locator);
  const content = (await locator.textContent())?.replace(/\s+/g, ' ').trim();
  if (typeof text === 'string') expect(content).toBe(text);
  else expect(content).toMatch(text);
}

/** True once an <img> has decoded a real image (a broken one has naturalWidth 0). */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), {
      timeout: WAIT_MS,
    })
    .toBeGreaterThan(0);
}

/** Waits until the service worker is active and controls this page (clientsClaim makes it quick). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  // `ready` never settles when the worker fails to install, so bound it to fail with a reason.
  const isReady = await page.evaluate(
    (waitMs) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs)),
      ]),
    WAIT_MS,
  );
  expect(isReady, 'no service worker became active (did its precache install fail?)').toBe(true);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: WAIT_MS })
    .toBe(true);
}

/**
 * Lets the page handle what is already on its way (a response just read, queued events) and paint:
 * two animation frames and a task. A sync point, not a timer: use it before checking that
 * something did not change.
 */
export async function afterNextPaint(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
  );
}

/**
 * The one pause a journey may take: watching for `ms` (times TEST_TIME_SCALE) that something does
 * NOT arrive or change (a message sent offline, a mail after unsubscribing, a frozen clock). It
 * never waits for something to happen: that is expect.poll or a locator's wait.
 */
export async function watchNothingHappens(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, scaled(ms)));
}

/** Saves a full-window screenshot under tests/artifacts/ (gitignored) and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  // Finite animations and transitions (an alert's fade-in, a switch's slide) shown at their end.
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}
