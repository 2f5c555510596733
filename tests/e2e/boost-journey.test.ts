import { AD_MESSAGES } from '@campus/shared/ad-rules';
import type { PostResponse } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callInPage } from '../support/call-in-page.ts';
import { signedInPage } from '../support/demo-session.ts';
import { DESKTOP, expectVisible, gotoApp, PHONE, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

async function postAs(page: Page, text: string): Promise<string> {
  const answer = await callInPage(page, 'POST', '/api/posts', { text: plainTextToRichText(text) });
  expect(answer.status).toBe(201);
  return (answer.body as PostResponse).post.id;
}

/** Holds the browser's calls to `pattern` for a moment, so the page that waits for them can be seen. */
async function slowDown(page: Page, pattern: string) {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

// issue 23 part 2 (decision 043): boost, pay on the test-mode checkout, see the ad; cancel one; the form's rules.
describe('boosting a post on ou.localhost', () => {
  it('pays through the test checkout, shows Boosted to the owner and the CTA to another student, refuses a second boost', async () => {
    const origin = suite.server.origin('ou');
    const owner = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE);
    const postId = await postAs(owner.page, 'Mini fridge, works great, pick up by Friday.');
    await gotoApp(owner.page, `${origin}/post/${postId}`);

    // The owner's menu has Boost Post; the button under the post says Boost for $5.
    await owner.page.getByRole('main').getByRole('button', { name: 'Post options' }).first().click();
    await expectVisible(owner.page.getByRole('menuitem', { name: 'Boost Post' }));
    await owner.page.keyboard.press('Escape');
    await owner.page.getByRole('link', { name: 'Boost for $5' }).click();
    await owner.page.waitForURL(`${origin}/post/${postId}/boost`);
    await expectVisible(owner.page.getByRole('heading', { name: 'Boost Post' }));
    await expectVisible(owner.page.getByText('590 - 1,500'));
    await expectVisible(owner.page.getByText('1 day x $5 = $5'));

    // spec 3 §5: the server's 422 messages under the field; what was typed stays.
    const boostButton = owner.page.getByRole('button', { name: 'Boost Post' });
    await boostButton.click();
    await expectVisible(owner.page.getByText('Website is required.'));
    const website = owner.page.getByLabel('Website URL');
    await website.fill('example');
    await boostButton.click();
    await expectVisible(owner.page.getByText('Website URL must have https & www.'));
    expect(await website.inputValue()).toBe('example');

    await owner.page.getByLabel('Run until paused').check();
    await expectVisible(owner.page.getByText('$5 daily'));
    await expectVisible(owner.page.getByText('980 - 2,600'));
    await owner.page.getByLabel('Run until paused').uncheck();
    await website.fill('https://www.example.com');
    expect(await owner.page.getByText('Website URL must have https & www.').count()).toBe(0);
    await owner.page.getByLabel('Button label').selectOption('Shop Now');
    await owner.page.getByLabel(/^Duration/).fill('3');
    await expectVisible(owner.page.getByText('3 days x $5 = $15'));
    await saveScreenshot(owner.page, 'boost-form-390');

    await boostButton.click();
    await owner.page.waitForURL(/\/checkout\/test\//);
    await expectVisible(owner.page.getByText('Test mode: no card is charged'));
    await slowDown(owner.page, '**/api/ads/checkout/*/confirm');
    await owner.page.getByRole('button', { name: 'Pay $15' }).click();
    await owner.page.waitForURL(/\/boost\/success\?session_id=/);
    await expectVisible(owner.page.getByRole('heading', { name: 'Payment Success' }));
    await saveScreenshot(owner.page, 'boost-success-390');
    await owner.page.waitForURL(`${origin}/post/${postId}`);
    await expectVisible(owner.page.locator('.alert', { hasText: 'Your ad is running!' }));
    await expectVisible(owner.page.getByText('Boosted', { exact: true }));
    const analytics = owner.page.getByRole('link', { name: 'View Analytics' });
    await expectVisible(analytics);
    expect(await analytics.getAttribute('href')).toMatch(/^\/ads\/.+/);
    await saveScreenshot(owner.page, 'boost-post-owner-390');

    // Another student sees the ad's button, opening the website in a new tab.
    const other = await signedInPage(suite.browser, origin, 'marcust@ou.edu', DESKTOP);
    await gotoApp(other.page, `${origin}/post/${postId}`);
    const cta = other.page.getByRole('link', { name: 'Shop Now' });
    await expectVisible(cta);
    expect(await cta.getAttribute('href')).toBe('https://www.example.com');
    expect(await cta.getAttribute('target')).toBe('_blank');
    expect(await cta.getAttribute('rel')).toContain('noopener');
    await expectVisible(other.page.getByText('Boosted', { exact: true }));
    await saveScreenshot(other.page, 'boost-post-other-1280');

    // Boosting again: the page knows (already_boosted), and so does the server (409).
    await gotoApp(owner.page, `${origin}/post/${postId}/boost`);
    await owner.page.waitForURL(`${origin}/post/${postId}`);
    await expectVisible(owner.page.locator('.alert', { hasText: 'This post already has an ad.' }));
    const again = await callInPage(owner.page, 'POST', '/api/ads', { postId, goal: 'message', days: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errors: [{ code: 'already_boosted' }] });
    await owner.context.close();
    await other.context.close();
  });

  // issue 39 item 6: the boost page of someone else's post showed spec 3 §5's message in the page.
  it("answers someone else's post with the spec's browser alert, then the post", async () => {
    const origin = suite.server.origin('ou');
    const owner = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE);
    const postId = await postAs(owner.page, 'Desk chair, adjustable, pick up on campus.');
    await owner.context.close();
    const other = await signedInPage(suite.browser, origin, 'jordanw@ou.edu', PHONE);
    await gotoApp(other.page, `${origin}/post/${postId}/boost`);
    await other.page.waitForURL(`${origin}/post/${postId}`);
    await expectVisible(other.page.getByRole('alert').filter({ hasText: AD_MESSAGES.checkoutFailed }));
    await saveScreenshot(other.page, 'boost-someone-elses-390');
    expect(await other.page.getByRole('heading', { name: AD_MESSAGES.checkoutFailed }).count()).toBe(0);
    await other.context.close();
  });

  it('cancels on the test checkout: Ad Cancelled, the checkout ad is gone, the post can be boosted', async () => {
    const origin = suite.server.origin('ou');
    const owner = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    const postId = await postAs(owner.page, 'Desk lamp, warm light, $10.');
    await gotoApp(owner.page, `${origin}/post/${postId}/boost`);
    await owner.page.getByRole('radio', { name: /^Message/ }).check();
    await expect(owner.page.getByLabel('Website URL').count()).resolves.toBe(0);
    await saveScreenshot(owner.page, 'boost-form-1280');
    await owner.page.getByRole('button', { name: 'Boost Post' }).click();
    await owner.page.waitForURL(/\/checkout\/test\//);
    await slowDown(owner.page, '**/api/ads/checkout/*');
    await owner.page.getByRole('button', { name: 'Cancel and go back' }).click();
    await owner.page.waitForURL(/\/boost\/cancel\?session_id=/);
    await expectVisible(owner.page.getByRole('heading', { name: 'Ad Cancelled' }));
    await saveScreenshot(owner.page, 'boost-cancel-1280');
    await owner.page.waitForURL(`${origin}/post/${postId}`);
    await expectVisible(owner.page.locator('.alert', { hasText: 'Your boost was cancelled.' }));
    await expectVisible(owner.page.getByRole('link', { name: 'Boost for $5' }));
    const ads = await callInPage(owner.page, 'GET', `/api/ads?postId=${postId}`);
    expect(ads.body).toEqual({ ads: [] });
    await owner.context.close();
  });

  // issue 35 item 3: the form said '5 days x $5 = $25', the checkout asked '$15' with no word of the
  // $10 credit, and a boost the funds covered ran with no question.
  it('shows the Available Funds applied and the amount due, on the form and the checkout; a boost they cover asks first', async () => {
    const origin = suite.server.origin('ou');
    const owner = await signedInPage(suite.browser, origin, 'jordanw@ou.edu', PHONE);
    await suite.server.server.db
      .updateTable('users')
      .set({ available_funds: 1000 })
      .where('email', '=', 'jordanw@ou.edu')
      .execute();
    const postId = await postAs(owner.page, 'Bike lock, heavy duty, with two keys.');
    await gotoApp(owner.page, `${origin}/post/${postId}/boost`);
    await owner.page.getByRole('radio', { name: /^Message/ }).check();
    await owner.page.getByLabel(/^Duration/).fill('5');
    const summary = owner.page.locator('.boost-form__summary');
    await expectVisible(summary.getByText('5 days x $5 = $25'));
    await expectVisible(summary.getByText('-$10'));
    await expect.poll(() => summary.textContent()).toContain('Amount due$15');
    await saveScreenshot(owner.page, 'boost-form-funds-390');
    await owner.page.getByRole('button', { name: 'Boost Post' }).click();
    await owner.page.waitForURL(/\/checkout\/test\//);
    await expectVisible(owner.page.getByText('Available Funds applied'));
    await expectVisible(owner.page.getByText('5 days x $5.00'));
    await expectVisible(owner.page.getByRole('button', { name: 'Pay $15.00' }));
    await saveScreenshot(owner.page, 'boost-checkout-funds-390');
    await owner.page.getByRole('button', { name: 'Cancel and go back' }).click();
    await owner.page.waitForURL(`${origin}/post/${postId}`);

    // Run until paused: the funds pay day 1, as every day, and the checkout only saves the card.
    await gotoApp(owner.page, `${origin}/post/${postId}/boost`);
    await owner.page.getByRole('radio', { name: /^Message/ }).check();
    await owner.page.getByLabel('Run until paused').check();
    await expect.poll(() => summary.textContent()).toContain('Due today$0');
    await expectVisible(owner.page.getByText(/^Today is paid from your Available Funds/));
    await saveScreenshot(owner.page, 'boost-form-until-paused-funds-390');
    await owner.page.getByRole('button', { name: 'Boost Post' }).click();
    await owner.page.waitForURL(/\/checkout\/test\//);
    await expectVisible(owner.page.getByRole('button', { name: 'Save card' }));
    await saveScreenshot(owner.page, 'boost-checkout-save-card-390');
    await owner.page.getByRole('button', { name: 'Cancel and go back' }).click();
    await owner.page.waitForURL(`${origin}/post/${postId}`);

    // Two days, $10: the funds cover it, so no checkout: the student is asked first.
    await gotoApp(owner.page, `${origin}/post/${postId}/boost`);
    await owner.page.getByRole('radio', { name: /^Message/ }).check();
    await owner.page.getByLabel(/^Duration/).fill('2');
    await expect.poll(() => summary.textContent()).toContain('Amount due$0');
    await owner.page.getByRole('button', { name: 'Boost Post' }).click();
    const question = owner.page.getByRole('dialog', { name: 'Pay from Available Funds?' });
    await expectVisible(question);
    await saveScreenshot(owner.page, 'boost-funds-confirm-390');
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(owner.page.url()).pathname).toBe(`/post/${postId}/boost`);
    await owner.page.getByRole('button', { name: 'Boost Post' }).click();
    await owner.page.getByRole('button', { name: 'Pay $10 and boost' }).click();
    await owner.page.waitForURL(`${origin}/post/${postId}`);
    await expectVisible(owner.page.getByText('Boosted', { exact: true }));
    await owner.context.close();
  });
});
