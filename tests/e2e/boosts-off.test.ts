import { AD_MESSAGES } from '@campus/shared/ad-rules';
import type { PostResponse } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { launchChromium } from '../support/browser.ts';
import { callInPage } from '../support/call-in-page.ts';
import { signedInPage } from '../support/demo-session.ts';
import { expectVisible, gotoApp, PHONE, saveScreenshot } from '../support/e2e-page.ts';

// PAYMENTS=off is what a production server without Stripe keys runs (decision 041).
let server: AppServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ env: { PAYMENTS: 'off' } }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// issue 35 item 1: with no payment provider, boosts are off and the app says so instead of offering them.
describe('a server with no payment provider', () => {
  it('offers no Boost on an own post, and the boost page says boosts are not available', async () => {
    const origin = server.origin('ou');
    const { context, page } = await signedInPage(browser, origin, 'emilyc@ou.edu', PHONE);
    const answer = await callInPage(page, 'POST', '/api/posts', { text: plainTextToRichText('Desk lamp, $10.') });
    expect(answer.status).toBe(201);
    const postId = (answer.body as PostResponse).post.id;
    await gotoApp(page, `${origin}/post/${postId}`);

    await page.getByRole('main').getByRole('button', { name: 'Post options' }).first().click();
    await expectVisible(page.getByRole('menuitem', { name: 'Delete' }));
    expect(await page.getByRole('menuitem', { name: 'Boost Post' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('link', { name: 'Boost for $5' }).count()).toBe(0);

    // An old link to the boost page: the reason, and the way back.
    await gotoApp(page, `${origin}/post/${postId}/boost`);
    await expectVisible(page.getByRole('heading', { name: AD_MESSAGES.boostsUnavailable }));
    await expectVisible(page.getByRole('link', { name: 'Back to the post' }));
    await saveScreenshot(page, 'boosts-off-390');
    await context.close();
  });
});
