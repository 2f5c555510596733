/**
 * Issue 5: "A cold start of the installed app with the network off shows the
 * cached feed within 500 ms of navigation (measured in Chromium)."
 *
 * One real Chromium profile (like an installed PWA) signs in and reads the
 * feed once; then the server stops. Each run starts Chromium afresh on that
 * profile, offline, opens /home, and an init script records
 * `performance.now()` (ms since navigation start) when the first post card
 * appears. Needs `npm run build` first (the server serves web/dist).
 *
 * Issue 25: p50 and p95 under 500 ms, and under 1,000 ms with a 4× CPU
 * slowdown (a mid-range phone; CDP Emulation.setCPUThrottlingRate), each
 * printed with the machine's load average (other work skews the figures).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { startAppServer } from '../support/app-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser.ts';

const RUNS = 7;
/** The CPU slowdowns measured, each with its target (issue 25). */
const SERIES = [
  { rate: 1, targetMs: 500 },
  { rate: 4, targetMs: 1000 },
];

function launch(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 390, height: 844 },
    args: CHROMIUM_ARGS,
  });
}

/** Marks the moment the first post card is in the page, relative to navigation start. */
const MARK_FIRST_CARD = `
  new MutationObserver((_, observer) => {
    if (!window.__shellAt && document.querySelector('header')) window.__shellAt = performance.now();
    if (document.querySelector('article.post-card')) {
      window.__firstCardAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

// As `npm start` serves it: the server-written first screen on (decision 049).
const app = await startAppServer();
const origin = app.origin('ou');
const userDataDir = await mkdtemp(path.join(tmpdir(), 'campus-cold-start-'));
try {
  const first = await launch(userDataDir);
  const page = await first.newPage();
  await page.goto(`${origin}/login?email=${encodeURIComponent('emilyc@ou.edu')}`);
  await page.getByLabel('Password').fill('campus-demo');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${origin}/home`);
  await page.locator('article.post-card').first().waitFor();
  // The page is controlled once the worker (clientsClaim) takes it over; outside Vitest, so no expect.poll.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  // A second visit through the worker caches /api/campus and leaves the feed in Dexie.
  await page.reload();
  await page.locator('article.post-card').first().waitFor();
  const cachedPosts = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('campus-buy-sell');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('feed').objectStore('feed').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  await first.close();
  await app.close();
  console.log(`profile ready: ${cachedPosts} feed posts on the device; server stopped (no network from here on)`);

  for (const { rate, targetMs } of SERIES) {
    console.log(`\n${rate}× CPU, ${RUNS} cold launches; load average (1 / 5 / 15 min) before: ${load()}`);
    const timings: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const context = await launch(userDataDir);
      await context.setOffline(true);
      await context.addInitScript(MARK_FIRST_CARD);
      const cold = context.pages()[0] ?? (await context.newPage());
      if (rate > 1) {
        const cdp = await context.newCDPSession(cold);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      }
      await cold.goto(`${origin}/home`);
      await cold.locator('article.post-card').first().waitFor({ timeout: 20_000 });
      const marks = await cold.evaluate(() => {
        const marked = window as unknown as { __firstCardAt: number; __shellAt: number };
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        return {
          card: marked.__firstCardAt,
          shell: marked.__shellAt,
          html: navigation?.responseEnd ?? Number.NaN,
          dom: navigation?.domContentLoadedEventEnd ?? Number.NaN,
        };
      });
      timings.push(marks.card);
      console.log(
        `run ${run}: first cached post card at ${marks.card.toFixed(0)} ms after navigation start ` +
          `(page from the worker ${marks.html.toFixed(0)} ms, scripts run ${marks.dom.toFixed(0)} ms, shell ${marks.shell.toFixed(0)} ms)`,
      );
      await context.close();
    }
    const sorted = [...timings].sort((a, b) => a - b);
    const p50 = percentile(sorted, 0.5);
    const p95 = percentile(sorted, 0.95);
    console.log(
      `offline cold start to cached feed at ${rate}× CPU: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ` +
        `max ${(sorted.at(-1) ?? Number.NaN).toFixed(0)} ms over ${RUNS} cold launches — ` +
        `target < ${targetMs} ms: ${p95 < targetMs ? 'PASS' : p50 < targetMs ? 'PASS at p50, MISS at p95' : 'MISS'} ` +
        `(load average after: ${load()})`,
    );
  }
} finally {
  await rm(userDataDir, { recursive: true, force: true });
}
