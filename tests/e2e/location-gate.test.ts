import { copyFile, mkdir } from 'node:fs/promises';
import { scaled } from '@campus/shared/time-scale';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { launchChromium } from '../support/browser.ts';
import { DESKTOP, expectVisible, gotoApp, PHONE, saveScreenshot } from '../support/e2e-page.ts';

// Addresses geoip-lite's bundled data places (sync-server/src/location/location-test-app.ts).
const US_ADDRESS = '8.8.8.8'; // US, America/Chicago
const UK_ADDRESS = '81.2.69.142'; // GB, Europe/London
const SHOTS = '/work/briefs/shots/shellnav';

let server: AppServer | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  // One trusted proxy: each browser context claims its address in X-Forwarded-For, as a proxy would write it.
  [server, browser] = await Promise.all([startAppServer({ env: { TRUST_PROXY: '1' } }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function origin(): string {
  if (!server) throw new Error('the e2e server is not started yet');
  return server.origin('ou');
}

/** A visitor at `address` whose device says `timezoneId`; no service worker, so every call reaches the server. */
async function visitorFrom(address: string, timezoneId: string, viewport = DESKTOP): Promise<Page> {
  if (!browser) throw new Error('Chromium is not launched yet');
  const context = await browser.newContext({
    viewport,
    timezoneId,
    serviceWorkers: 'block',
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
  context.setDefaultTimeout(scaled(10_000));
  return context.newPage();
}

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await copyFile(await saveScreenshot(page, name), `${SHOTS}/${name}.png`);
}

// issue 19 item 7 and spec 1 §5: the page-load location check (decision 028).
describe('the location gate on page load', () => {
  it.each([
    ['/login', '1280', DESKTOP],
    ['/register', '390', PHONE],
    ['/user_registration', '1280', DESKTOP],
    ['/home', '390', PHONE],
    ['/messages', '1280', DESKTOP],
    ['/', '1280', DESKTOP],
  ])('sends a visitor from abroad on %s to /404 before anything is typed (%s px)', async (path, width, viewport) => {
    const page = await visitorFrom(UK_ADDRESS, 'Europe/London', viewport);
    await gotoApp(page, `${origin()}${path}`);
    await page.waitForURL(`${origin()}/404`);
    await expectVisible(page.getByRole('heading', { name: 'Error 404' }));
    if (path === '/login' || path === '/register')
      await shot(page, `location-blocked${path.replace('/', '-')}-${width}`);
    await page.context().close();
  });

  it('writes no feed into the HTML of /home for an address from abroad (decision 049)', async () => {
    const page = await visitorFrom(UK_ADDRESS, 'Europe/London', PHONE);
    const response = await gotoApp(page, `${origin()}/home`);
    expect(await response?.text()).not.toContain('id="first-screen"');
    await page.waitForURL(`${origin()}/404`);
    await page.context().close();
  });

  it("shows /404 at once to a US address whose device keeps another time zone on /home, over the server's written feed", async () => {
    const page = await visitorFrom(US_ADDRESS, 'Europe/Moscow', PHONE);
    // The server knows the address, not the device's time zone: it writes the feed, the app's check refuses.
    const response = await gotoApp(page, `${origin()}/home`);
    expect(await response?.text()).toContain('id="first-screen"');
    await page.waitForURL(`${origin()}/404`);
    await expectVisible(page.getByRole('heading', { name: 'Error 404' }));
    expect(await page.locator('#first-screen').count()).toBe(0);
    await page.context().close();
  });

  it('sends a US address whose device keeps another time zone to /404', async () => {
    const page = await visitorFrom(US_ADDRESS, 'Europe/Moscow');
    await gotoApp(page, `${origin()}/register`);
    await page.waitForURL(`${origin()}/404`);
    await page.context().close();
  });

  it('lets a US visitor sign in: the form stays and takes the e-mail', async () => {
    const page = await visitorFrom(US_ADDRESS, 'America/Chicago', PHONE);
    const checked = page.waitForResponse((response) => response.url().endsWith('/api/auth/location'));
    await gotoApp(page, `${origin()}/login`);
    expect(await (await checked).json()).toEqual({ isAllowed: true });
    await page.getByLabel('Email').fill('emilyc@ou.edu');
    await shot(page, 'location-allowed-login-390');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('leaves other pages alone, but opening the login panel from abroad goes to /404', async () => {
    const page = await visitorFrom(UK_ADDRESS, 'Europe/London');
    await gotoApp(page, `${origin()}/about`);
    await expectVisible(page.getByRole('button', { name: 'Account menu' }));
    expect(new URL(page.url()).pathname).toBe('/about');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.waitForURL(`${origin()}/404`);
    await page.context().close();
  });

  it('lets the student go on when the check itself fails (spec 1 §5: the lookup failed)', async () => {
    const page = await visitorFrom(UK_ADDRESS, 'Europe/London');
    await page.route('**/api/auth/location', (route) => route.abort());
    await gotoApp(page, `${origin()}/login`);
    await page.getByLabel('Email').fill('someone@ou.edu');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});
