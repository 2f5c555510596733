import { mkdir } from 'node:fs/promises';
import type { CreateAdResponse } from '@campus/shared/ad-api';
import { AD_MESSAGES } from '@campus/shared/ad-rules';
import { uuidv7 } from '@campus/shared/ids';
import type { PostResponse } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { scaled } from '@campus/shared/time-scale';
import { createAd, createPost } from '@campus/sync-server/test/factories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callInPage } from '../support/call-in-page.ts';
import { signedInPage } from '../support/demo-session.ts';
import { DESKTOP, expectVisible, gotoApp, PHONE, reloadApp, TABLET, watchNothingHappens } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();
const SHOTS = '/work/briefs/shots/myads';

/** The whole page, for looking at (STYLE.md: screenshots at each breakpoint). */
async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The student's post, boosted for 3 days and paid on the test-mode checkout (decision 041's Pay). */
async function boostedPost(page: Page, text: string): Promise<{ postId: string; adId: string }> {
  const post = await callInPage(page, 'POST', '/api/posts', { text: plainTextToRichText(text) });
  expect(post.status).toBe(201);
  const postId = (post.body as PostResponse).post.id;
  const created = await callInPage(page, 'POST', '/api/ads', {
    postId,
    goal: 'website',
    url: 'https://www.example.com',
    label: 'Shop Now',
    days: 3,
  });
  expect(created.status).toBe(201);
  const { ad, checkoutUrl } = created.body as CreateAdResponse;
  const paid = await page.evaluate(
    async (url) => (await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).type,
    checkoutUrl,
  );
  expect(paid).toBe('opaqueredirect');
  expect((await callInPage(page, 'GET', `/api/ads/${ad.id}`)).body).toMatchObject({ ad: { status: 'active' } });
  return { postId, adId: ad.id };
}

const figure = (page: Page, label: string) =>
  page
    .locator('.ad-figure')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
const alert = (page: Page, text: string) => page.locator('.alert', { hasText: text });
const pill = (page: Page) => page.locator('.ad-panel__head .ad-status');

/** A control's button, then its modal's confirm button. */
async function confirmControl(page: Page, button: string, confirm: string) {
  await page.getByRole('region', { name: 'Ad controls' }).getByRole('button', { name: button }).click();
  const modal = page.getByRole('dialog');
  await expectVisible(modal);
  await modal.getByRole('button', { name: confirm }).click();
}

// issue 24 (decision 046): My Ads, the analytics that move while open, rename, pause, resume, stop, delete.
describe('My Ads on ou.localhost', () => {
  it('lists the ad as Running, shows live figures, renames, pauses, resumes, stops and deletes it', async () => {
    const origin = suite.server.origin('ou');
    const owner = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE);
    const { postId, adId } = await boostedPost(owner.page, 'Mini fridge, works great, pick up by Friday.');

    // The phone list: the ad's title, its date and Running.
    await gotoApp(owner.page, `${origin}/ads`);
    await expectVisible(owner.page.getByRole('heading', { name: 'My Ads' }));
    const row = owner.page.getByRole('link', { name: /Mini fridge, works great/ });
    await expectVisible(row.getByText('Running', { exact: true }));
    await shot(owner.page, 'my-ads-list-390');

    await row.click();
    await owner.page.waitForURL(`${origin}/ads/${adId}`);
    await expect.poll(() => figure(owner.page, 'Views').textContent(), { timeout: scaled(10_000) }).toBe('0');
    for (const label of [
      'Accounts Reached',
      'Direct Messages',
      'Copied Link',
      'External Link Clicks',
      'Profile Visits',
    ]) {
      expect(await figure(owner.page, label).textContent()).toBe('0');
    }
    await expectVisible(owner.page.getByTestId('ad-time-left').getByText(/^2 days 23 hours \d+ minutes$/));
    // The list is hidden on the phone while an ad is open.
    expect(await owner.page.getByRole('heading', { name: 'My Ads' }).isVisible()).toBe(false);

    // Another student opens the post: the open screen's Views goes up without a reload.
    const other = await signedInPage(suite.browser, origin, 'marcust@ou.edu', DESKTOP);
    await gotoApp(other.page, `${origin}/post/${postId}`);
    await expectVisible(other.page.getByText('Boosted', { exact: true }));
    await expect.poll(() => figure(owner.page, 'Views').textContent(), { timeout: scaled(15_000) }).toBe('1');
    expect(await figure(owner.page, 'Accounts Reached').textContent()).toBe('1');
    await expectVisible(owner.page.locator('.ad-chart__plot canvas'));
    await shot(owner.page, 'my-ads-analytics-390');
    await other.context.close();

    // Rename: Save is off while unchanged or empty; 'Saved changes!'.
    const title = owner.page.getByLabel('Ad title');
    const save = owner.page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await title.fill('');
    expect(await save.isDisabled()).toBe(true);
    await title.fill('Mini fridge, this week only');
    await save.click();
    await expectVisible(alert(owner.page, 'Saved changes!'));
    await expectVisible(owner.page.getByRole('heading', { name: 'Mini fridge, this week only' }));
    expect(await save.isDisabled()).toBe(true);

    // Paused meanwhile from elsewhere: the server's refusal is shown as it is.
    await owner.page.getByRole('button', { name: 'Pause Ad' }).click();
    expect((await callInPage(owner.page, 'POST', `/api/ads/${adId}/pause`)).status).toBe(200);
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Pause Ad' }).click();
    await expectVisible(alert(owner.page, 'Only active ads can be paused'));
    await expect.poll(() => pill(owner.page).textContent(), { timeout: scaled(10_000) }).toBe('Paused');

    await confirmControl(owner.page, 'Resume', 'Resume');
    await expectVisible(alert(owner.page, 'Ad Resumed!'));
    await expect.poll(() => pill(owner.page).textContent()).toBe('Running');

    await confirmControl(owner.page, 'Pause Ad', 'Pause Ad');
    await expectVisible(alert(owner.page, 'Ad paused successfully'));
    await expect.poll(() => pill(owner.page).textContent()).toBe('Paused');
    // A paused ad's clock is frozen: the same time left a few seconds (a poll) later.
    const frozen = await owner.page.getByTestId('ad-time-left').textContent();
    await watchNothingHappens(5500);
    expect(await owner.page.getByTestId('ad-time-left').textContent()).toBe(frozen);

    // The desktop split view: the list with the row selected beside the same analytics.
    const wide = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    await gotoApp(wide.page, `${origin}/post/${postId}`);
    await wide.page.getByRole('link', { name: 'View Analytics' }).click();
    await wide.page.waitForURL(`${origin}/ads/${adId}`);
    await expectVisible(wide.page.getByRole('heading', { name: 'My Ads' }));
    const selected = wide.page.locator('.my-ads__row[aria-current="page"]');
    await expectVisible(selected.getByText('Mini fridge, this week only'));
    await expectVisible(selected.getByText('Paused', { exact: true }));
    await expect.poll(() => figure(wide.page, 'Views').textContent(), { timeout: scaled(10_000) }).toBe('1');
    await expectVisible(wide.page.locator('.ad-chart__plot canvas'));
    await shot(wide.page, 'my-ads-analytics-1280');
    await wide.page.setViewportSize(TABLET);
    await shot(wide.page, 'my-ads-analytics-1000');
    await wide.page.setViewportSize({ width: 769, height: 900 });
    await shot(wide.page, 'my-ads-analytics-769');
    await gotoApp(wide.page, `${origin}/ads`);
    await expectVisible(wide.page.getByRole('link', { name: /Mini fridge, this week only/ }));
    await shot(wide.page, 'my-ads-list-769');
    await wide.page.setViewportSize(TABLET);
    await shot(wide.page, 'my-ads-list-1000');
    await wide.page.setViewportSize(DESKTOP);
    await shot(wide.page, 'my-ads-list-1280');
    await wide.context.close();

    await confirmControl(owner.page, 'Stop', 'Stop Ad');
    await expectVisible(alert(owner.page, 'Ad stopped.'));
    await expect.poll(() => pill(owner.page).textContent()).toBe('Stopped');
    await expectVisible(owner.page.getByTestId('ad-time-left').getByText('Expired', { exact: true }));
    expect(await owner.page.getByRole('button', { name: 'Pause Ad' }).count()).toBe(0);

    await confirmControl(owner.page, 'Delete ad', 'Delete');
    await owner.page.waitForURL(`${origin}/ads`);
    await expectVisible(owner.page.getByText('No Ads', { exact: true }));
    expect((await callInPage(owner.page, 'GET', `/api/ads/${adId}`)).status).toBe(404);
    await owner.context.close();
  });

  it('shows No Ads to a student with none, "--" for an unpaid ad, and "Sorry, that ad has been deleted."', async () => {
    const origin = suite.server.origin('ou');
    const student = await signedInPage(suite.browser, origin, 'sofiar@ou.edu', DESKTOP);
    await gotoApp(student.page, `${origin}/ads`);
    await expectVisible(student.page.getByText('No Ads', { exact: true }));
    await shot(student.page, 'my-ads-empty-1280');

    // A boost not paid yet: Not Paid in the list, "--" for every figure and the time left.
    const post = await callInPage(student.page, 'POST', '/api/posts', { text: plainTextToRichText('Desk lamp, $10.') });
    const postId = (post.body as PostResponse).post.id;
    const unpaid = await callInPage(student.page, 'POST', '/api/ads', { postId, goal: 'message', days: 1 });
    expect(unpaid.status).toBe(201);
    await gotoApp(student.page, `${origin}/ads`);
    await student.page.getByRole('link', { name: /Desk lamp/ }).click();
    await expectVisible(student.page.locator('.my-ads__row[aria-current="page"]').getByText('Not Paid'));
    await expect.poll(() => figure(student.page, 'Views').textContent(), { timeout: scaled(10_000) }).toBe('--');
    expect(await student.page.locator('.ad-figure dd').allTextContents()).toEqual(Array(6).fill('--'));
    expect(await student.page.getByTestId('ad-time-left').textContent()).toBe('--');
    await expectVisible(student.page.getByText('No views to show yet.'));
    await shot(student.page, 'my-ads-unpaid-1280');
    const adId = (unpaid.body as CreateAdResponse).ad.id;
    expect((await callInPage(student.page, 'DELETE', `/api/ads/${adId}`)).status).toBe(204);

    await gotoApp(student.page, `${origin}/ads/no-such-ad`);
    await expectVisible(alert(student.page, 'Sorry, that ad has been deleted.'));
    await student.page.waitForURL(`${origin}/ads`);
    await student.page.setViewportSize(PHONE);
    await expectVisible(student.page.getByText('No Ads', { exact: true }));
    await shot(student.page, 'my-ads-empty-390');
    await student.context.close();
  });

  it('says why an ad stopped when its next day could not be charged (run until paused, card declined)', async () => {
    const origin = suite.server.origin('ou');
    const db = suite.server.server.db;
    const sofia = await db.selectFrom('users').select('id').where('username', '=', 'sofiar').executeTakeFirstOrThrow();
    const post = await createPost(db, { id: uuidv7(), user_id: sofia.id, text_plain: 'Bike lock, barely used.' });
    const ad = await createAd(db, {
      user_id: sofia.id,
      post_id: post.id,
      title: 'Bike lock',
      status: 'stopped',
      run_until_pause: 1,
      stop_reason: 'payment_failed',
    });
    const student = await signedInPage(suite.browser, origin, 'sofiar@ou.edu', PHONE);
    await gotoApp(student.page, `${origin}/ads/${ad.id}`);
    await expectVisible(student.page.getByRole('note').getByText(AD_MESSAGES.stoppedUnpaid));
    await expect.poll(() => pill(student.page).textContent()).toBe('Stopped');
    await student.context.close();
  });

  // issue 39 item 6: a run-until-paused ad's clock read '0 days 23 hours 51 minutes'.
  it('says a run-until-paused ad runs until paused, and when its next day is charged', async () => {
    const origin = suite.server.origin('ou');
    const db = suite.server.server.db;
    const sofia = await db.selectFrom('users').select('id').where('username', '=', 'sofiar').executeTakeFirstOrThrow();
    const post = await createPost(db, { id: uuidv7(), user_id: sofia.id, text_plain: 'Desk lamp, barely used.' });
    const ad = await createAd(db, {
      user_id: sofia.id,
      post_id: post.id,
      title: 'Desk lamp',
      run_until_pause: 1,
      duration_minutes: 1440,
      amount_budgeted: 500,
      checkout_amount: 500,
      end_time_adjusted: Date.now() + 23 * 60 * 60 * 1000,
    });
    const student = await signedInPage(suite.browser, origin, 'sofiar@ou.edu', PHONE);
    await gotoApp(student.page, `${origin}/ads/${ad.id}`);
    await expectVisible(student.page.getByText('Runs until you pause it.'));
    await expectVisible(
      student.page.getByTestId('ad-next-charge').getByText(/^Next \$5\.00 on [A-Z][a-z]{2} \d+, \d+:\d\d [AP]M$/),
    );
    expect(await student.page.getByTestId('ad-time-left').count()).toBe(0);
    await shot(student.page, 'my-ads-until-paused-390');
    await student.context.close();
  });

  it("shows the spec's failure texts when a control's call fails: pause, resume and stop", async () => {
    const origin = suite.server.origin('ou');
    const owner = await signedInPage(suite.browser, origin, 'jordanw@ou.edu', DESKTOP);
    const { adId } = await boostedPost(owner.page, 'Office chair, $25.');
    const failing = (pattern: string) =>
      owner.page.route(pattern, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"errors":[{"code":"x","msg":"down"}]}' }),
      );
    await gotoApp(owner.page, `${origin}/ads/${adId}`);
    await expect.poll(() => pill(owner.page).textContent(), { timeout: scaled(10_000) }).toBe('Running');

    await failing(`**/api/ads/${adId}/pause`);
    await confirmControl(owner.page, 'Pause Ad', 'Pause Ad');
    await expectVisible(alert(owner.page, 'Failed to pause ad'));
    await failing(`**/api/ads/${adId}/stop`);
    await confirmControl(owner.page, 'Stop', 'Stop Ad');
    await expectVisible(alert(owner.page, 'Failed to stop ad'));

    // Paused for real (from elsewhere), then a resume that fails: spec 3 §8 gives the same words.
    await owner.page.unrouteAll();
    expect((await callInPage(owner.page, 'POST', `/api/ads/${adId}/pause`)).status).toBe(200);
    await reloadApp(owner.page);
    await expect.poll(() => pill(owner.page).textContent(), { timeout: scaled(10_000) }).toBe('Paused');
    await failing(`**/api/ads/${adId}/resume`);
    // The pause's alert has gone (reload), so the one below is the resume's.
    expect(await alert(owner.page, 'Failed to pause ad').count()).toBe(0);
    await confirmControl(owner.page, 'Resume', 'Resume');
    await expectVisible(alert(owner.page, 'Failed to pause ad'));
    await owner.context.close();
  });
});
