import { copyFile, mkdir } from 'node:fs/promises';
import type { CreateAdResponse } from '@campus/shared/ad-api';
import type { PostResponse } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callInPage } from '../support/call-in-page.ts';
import { signedInPage } from '../support/demo-session.ts';
import {
  DESKTOP,
  expectText,
  expectVisible,
  gotoApp,
  openPage,
  PHONE,
  saveScreenshot,
  TABLET,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();
const SHOTS = '/work/briefs/shots/payments';

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await copyFile(await saveScreenshot(page, name), `${SHOTS}/${name}.png`);
}

/** A post of the student's, boosted through POST /api/ads; paid on the test-mode checkout when `pay`. */
async function boost(page: Page, text: string, request: Record<string, unknown>, pay: boolean): Promise<string> {
  const post = await callInPage(page, 'POST', '/api/posts', { text: plainTextToRichText(text) });
  expect(post.status).toBe(201);
  const postId = (post.body as PostResponse).post.id;
  const created = await callInPage(page, 'POST', '/api/ads', { postId, goal: 'message', ...request });
  expect(created.status).toBe(201);
  const { ad, checkoutUrl } = created.body as CreateAdResponse;
  if (pay) {
    // The test checkout's Pay button is a plain form post (decision 041).
    const paid = await page.evaluate(async (url) => (await fetch(`${url}/pay`, { method: 'POST' })).ok, checkoutUrl);
    expect(paid).toBe(true);
  }
  return ad.id;
}

const row = (page: Page, adId: string): Locator => page.locator(`.payment-row[data-ad-id="${adId}"]`);

async function expectRow(page: Page, adId: string, label: string, amount: string, note?: string): Promise<void> {
  await expectText(row(page, adId).locator('.payment-status'), label);
  await expectText(row(page, adId).locator('.payment-row__figures'), amount);
  if (note) await expectText(row(page, adId).locator('.payment-row__note'), note);
}

// issue 24 (decision 047): Available Funds and Payment Activity, to the cent.
describe('the Payments page on ou.localhost', () => {
  it('shows the exact amounts of a running, a stopped (credited) and an unpaid ad at 390 and 1280 px', async () => {
    const origin = suite.server.origin('ou');
    const emily = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE);
    const page = emily.page;
    const stopped = await boost(page, 'Mini fridge, works great.', { days: 3, title: 'Mini fridge' }, true);
    const running = await boost(page, 'Desk lamp, warm light.', { days: 2, title: 'Desk lamp' }, true);
    const unpaid = await boost(page, 'Road bike, barely used.', { runUntilPaused: true, title: 'Road bike' }, false);
    // Stopped on its first day: $5 ran, the two days not started ($10) go to Available Funds.
    expect((await callInPage(page, 'POST', `/api/ads/${stopped}/stop`)).status).toBe(200);

    await gotoApp(page, `${origin}/settings/payments`);
    await expectVisible(page.getByRole('heading', { name: 'Payments' }));
    await expectText(page.getByTestId('available-funds'), '$10.00');
    await expectRow(page, stopped, 'Stopped', '$5.00 of $15.00', '$10.00 back to Available Funds');
    await expectRow(page, running, 'Running', '$5.00 of $10.00');
    await expectRow(page, unpaid, 'Not Paid', '-- of $5.00', '$5 daily until paused');
    // Newest first.
    expect(
      await page.locator('.payment-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-ad-id'))),
    ).toEqual([unpaid, running, stopped]);
    await shot(page, 'payments-390');

    const wide = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    await gotoApp(wide.page, `${origin}/settings/payments`);
    await expectText(wide.page.getByTestId('available-funds'), '$10.00');
    await expectRow(wide.page, stopped, 'Stopped', '$5.00 of $15.00', '$10.00 back to Available Funds');
    await expectRow(wide.page, running, 'Running', '$5.00 of $10.00');
    await expectRow(wide.page, unpaid, 'Not Paid', '-- of $5.00');
    await shot(wide.page, 'payments-1280');
    for (const [viewport, name] of [
      [{ width: 480, height: 900 }, 'payments-480'],
      [{ width: 769, height: 900 }, 'payments-769'],
      [TABLET, 'payments-1000'],
    ] as const) {
      await wide.page.setViewportSize(viewport);
      await expectVisible(row(wide.page, stopped));
      await shot(wide.page, name);
    }

    // Customer Support opens /settings/help.
    await page.getByRole('link', { name: 'Have an issue? Chat with us.' }).click();
    await page.waitForURL(`${origin}/settings/help`);
    await emily.context.close();
    await wide.context.close();
  });

  it('is calm when there is no activity, and sends a visitor away to sign in', async () => {
    const origin = suite.server.origin('ou');
    const marcus = await signedInPage(suite.browser, origin, 'marcust@ou.edu', DESKTOP);
    await gotoApp(marcus.page, `${origin}/settings/payments`);
    await expectText(marcus.page.getByTestId('available-funds'), '$0.00');
    await expectVisible(marcus.page.getByText('No payments yet. When you boost a post, it will show up here.'));
    await shot(marcus.page, 'payments-empty-1280');
    await marcus.page.setViewportSize(PHONE);
    await shot(marcus.page, 'payments-empty-390');
    await marcus.context.close();

    const visitor = await openPage(suite.browser, `${origin}/settings/payments`, PHONE);
    // RequireViewer sends a visitor to the start, where the feed asks them to sign in.
    await visitor.page.waitForURL(`${origin}/home`);
    expect(await visitor.page.getByText('Available Funds').count()).toBe(0);
    await visitor.context.close();
  });
});
