import { copyFile, mkdir } from 'node:fs/promises';
import { uuidv7 } from '@campus/shared/ids';
import { scaled } from '@campus/shared/time-scale';
import { createAd, createPost } from '@campus/sync-server/test/factories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../support/demo-session.ts';
import {
  DESKTOP,
  expectVisible,
  gotoApp,
  PHONE,
  reloadApp,
  saveScreenshot,
  waitForServiceWorkerControl,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();
const SHOTS = '/work/briefs/shots/feedads';
const DAY = 24 * 60 * 60 * 1000;

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await copyFile(await saveScreenshot(page, name), `${SHOTS}/${name}.png`);
}

/** A boosted post of Sofia's, paid and running: an ad row straight in the database (decision 040's fields). */
async function boostedPost(text: string, ad: { cta_type: 'website' | 'message'; end_time_adjusted: number }) {
  const db = suite.server.server.db;
  const sofia = await db.selectFrom('users').select('id').where('username', '=', 'sofiar').executeTakeFirstOrThrow();
  const post = await createPost(db, { id: uuidv7(), user_id: sofia.id, text_plain: text });
  const row = await createAd(db, {
    user_id: sofia.id,
    post_id: post.id,
    ...(ad.cta_type === 'message' ? { cta_type: 'message', cta_url: null, cta_label: null } : {}),
    end_time_adjusted: ad.end_time_adjusted,
  });
  return { postId: post.id, adId: row.id };
}

async function analytics(postId: string) {
  return suite.server.server.db
    .selectFrom('post_analytics')
    .select(['action', 'page_view_id'])
    .where('post_id', '=', postId)
    .execute();
}

/** The 5th card of the feed: where the first ad goes (spec 3 §1, one after every 4th post). */
const fifthCard = (page: Page) => page.locator('.feed > article').nth(4);

// issue 23 part 3 (decision 044): a running ad in another student's feed, its tracking, pausing and ending.
describe('ads in the feed on ou.localhost', () => {
  it('shows a paid ad as the 5th item with Boosted and its call-to-action, tracks it, and drops it when paused', async () => {
    const origin = suite.server.origin('ou');
    const ad = await boostedPost('Mini fridge, like new, pick up at the dorms.', {
      cta_type: 'website',
      end_time_adjusted: Date.now() + 3 * DAY,
    });

    const emily = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE);
    const card = fifthCard(emily.page);
    await expectVisible(card.getByText('Boosted', { exact: true }));
    await expectVisible(card.getByText('Mini fridge, like new'));
    const cta = card.getByRole('link', { name: 'Visit Website' });
    expect(await cta.getAttribute('href')).toBe('https://www.example.com');
    expect(await cta.getAttribute('target')).toBe('_blank');
    expect(await cta.getAttribute('rel')).toBe('noopener noreferrer');
    await card.scrollIntoViewIfNeeded();
    await shot(emily.page, 'feed-ad-390');

    // The view (half the card on screen) and the CTA click count once each in this page view.
    await emily.page.route('https://www.example.com/**', (route) => route.fulfill({ body: 'example' }));
    const [popup] = await Promise.all([emily.context.waitForEvent('page'), cta.click()]);
    await popup.close();
    await expect
      .poll(async () => (await analytics(ad.postId)).map((row) => row.action).sort(), { timeout: scaled(10_000) })
      .toEqual(['external_link_click', 'view']);
    const [first, second] = await analytics(ad.postId);
    expect(first?.page_view_id).toBe(second?.page_view_id);

    // Desktop: the same feed, the ad in its place.
    const wide = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    await expectVisible(fifthCard(wide.page).getByText('Boosted', { exact: true }));
    await fifthCard(wide.page).scrollIntoViewIfNeeded();
    await shot(wide.page, 'feed-ad-1280');
    await wide.context.close();

    // The owner pauses it (POST /api/ads/:id/pause from Sofia's page): it is gone on the next feed read.
    const sofia = await signedInPage(suite.browser, origin, 'sofiar@ou.edu', DESKTOP);
    const status = await sofia.page.evaluate(
      async (id) => (await fetch(`/api/ads/${id}/pause`, { method: 'POST' })).status,
      ad.adId,
    );
    expect(status).toBe(200);
    await sofia.context.close();
    // The cached ads paint first (local-first, decision 013); the feed's read of the ads then drops it.
    await reloadApp(emily.page);
    await expectVisible(emily.page.locator('.feed > article').nth(5));
    await expect
      .poll(() => emily.page.getByText('Boosted', { exact: true }).count(), { timeout: scaled(10_000) })
      .toBe(0);
    await emily.context.close();
  });

  it('stops showing a cached ad whose end passes while the device is offline', async () => {
    const origin = suite.server.origin('ou');
    await boostedPost('Calculus textbook, message me for a price.', {
      cta_type: 'message',
      end_time_adjusted: Date.now() + 10 * 60_000,
    });
    const emily = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE);
    // A controlled clock (running from now) in the page, so the ad's end comes when the test says.
    await emily.context.clock.install();
    await reloadApp(emily.page);
    const card = fifthCard(emily.page);
    await expectVisible(card.getByText('Boosted', { exact: true }));
    await expectVisible(card.getByRole('link', { name: 'Send Message' }));

    await emily.context.setOffline(true);
    await emily.page.clock.fastForward('11:00');
    await expect
      .poll(() => emily.page.getByText('Boosted', { exact: true }).count(), { timeout: scaled(15_000) })
      .toBe(0);
    await expectVisible(emily.page.locator('.feed > article').nth(5));
    await emily.context.close();
  });

  it('counts a view and a profile visit from the post page only while the post is boosted (spec 3 §6, §7)', async () => {
    const origin = suite.server.origin('ou');
    const ad = await boostedPost('Desk lamp with a warm bulb, $10.', {
      cta_type: 'website',
      end_time_adjusted: Date.now() + DAY,
    });
    const emily = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE);
    await gotoApp(emily.page, `${origin}/post/${ad.postId}`);
    const card = emily.page.getByRole('main').locator('article').first();
    await expectVisible(card.getByText('Boosted', { exact: true }));
    await expect.poll(async () => (await analytics(ad.postId)).map((row) => row.action)).toEqual(['view']);
    await card.getByRole('link', { name: "Sofia R.'s profile" }).click();
    await emily.page.waitForURL(`${origin}/sofiar`);
    await expect
      .poll(async () => (await analytics(ad.postId)).map((row) => row.action).sort())
      .toEqual(['profile_visit', 'view']);

    // A post that is not boosted is not tracked (the spec's product tracks only a running ad).
    const db = suite.server.server.db;
    const sofia = await db.selectFrom('users').select('id').where('username', '=', 'sofiar').executeTakeFirstOrThrow();
    const plain = await createPost(db, { id: uuidv7(), user_id: sofia.id, text_plain: 'Just a post, no boost.' });
    await gotoApp(emily.page, `${origin}/post/${plain.id}`);
    await expectVisible(emily.page.getByRole('link', { name: 'Send Message' }));
    await emily.page.getByRole('main').getByRole('link', { name: "Sofia R.'s profile" }).first().click();
    await emily.page.waitForURL(`${origin}/sofiar`);
    expect(await analytics(plain.id)).toEqual([]);
    await emily.context.close();
  });

  it('keeps the post page’s ad parts offline: the owner’s View Analytics, the CTA for others (decision 043)', async () => {
    const origin = suite.server.origin('ou');
    const ad = await boostedPost('Bean bag chair, barely used, $25.', {
      cta_type: 'website',
      end_time_adjusted: Date.now() + DAY,
    });
    const postPath = `${origin}/post/${ad.postId}`;
    const main = (page: Page) => page.getByRole('main');

    const sofia = await signedInPage(suite.browser, origin, 'sofiar@ou.edu', PHONE);
    await waitForServiceWorkerControl(sofia.page);
    await gotoApp(sofia.page, postPath);
    await expectVisible(main(sofia.page).getByRole('link', { name: 'View Analytics' }));
    await sofia.context.setOffline(true);
    await reloadApp(sofia.page);
    await expectVisible(main(sofia.page).getByText('Bean bag chair'));
    await expectVisible(main(sofia.page).getByText('Boosted', { exact: true }));
    const analyticsLink = main(sofia.page).getByRole('link', { name: 'View Analytics' });
    await expectVisible(analyticsLink);
    expect(await analyticsLink.getAttribute('href')).toBe(`/ads/${ad.adId}`);
    expect(await main(sofia.page).getByRole('link', { name: 'Boost for $5' }).count()).toBe(0);
    await saveScreenshot(sofia.page, 'post-ad-owner-offline-390');
    await sofia.context.close();

    const emily = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE);
    await waitForServiceWorkerControl(emily.page);
    await gotoApp(emily.page, postPath);
    const card = main(emily.page).locator('article').first();
    await expectVisible(card.getByRole('link', { name: 'Visit Website' }));
    await emily.context.setOffline(true);
    await reloadApp(emily.page);
    await expectVisible(card.getByText('Boosted', { exact: true }));
    await expectVisible(card.getByRole('link', { name: 'Visit Website' }));
    expect(await main(emily.page).getByRole('link', { name: 'Send Message' }).count()).toBe(0);
    await saveScreenshot(emily.page, 'post-ad-other-offline-390');
    await emily.context.close();
  });
});
