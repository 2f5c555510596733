import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../support/demo-session.ts';
import { DESKTOP, expectVisible, gotoApp, PHONE, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

/** spec 1 §4: the verify modal, with its 'Verify Account' button to the school e-mail settings. */
async function expectVerifyGate(page: Page, title: string): Promise<Locator> {
  const gate = page.getByRole('dialog', { name: title });
  await expectVisible(gate);
  expect(await gate.getByRole('link', { name: 'Verify Account' }).getAttribute('href')).toBe(
    '/settings/account/school_email',
  );
  return gate;
}

async function closeGate(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

// Issue 19 item 5: emilyc is a verified OU student; on utexas.localhost she is a guest, and the
// server refuses her writes there (requireMember). The client knows it, so it gates before she types.
describe('a verified OU student visiting utexas.localhost', () => {
  it('gets the verify modal instead of the composer, a save, a comment or a message at 1280px', async () => {
    const origin = suite.server.origin('utexas');
    const { context, page } = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    const first = page.getByRole('article').first();
    await expectVisible(first);

    await page.getByRole('link', { name: 'Create Post' }).click();
    await expectVerifyGate(page, 'Verify your account to create a post.');
    // Gated before typing: no composer opened behind the modal.
    expect(await page.getByRole('dialog', { name: 'Create Post' }).count()).toBe(0);
    expect(await page.getByLabel('Post text').count()).toBe(0);
    await saveScreenshot(page, 'visiting-verify-gate-1280');
    await closeGate(page);
    expect(new URL(page.url()).pathname).toBe('/home');

    // Save: no 'Saved!' for a save the server will refuse.
    await first.getByRole('button', { name: 'Save' }).click();
    await expectVerifyGate(page, 'Verify your account to continue.');
    expect(await first.getByRole('button', { name: /Saved!/ }).count()).toBe(0);
    await closeGate(page);

    // The post page: the comment box and Send Message ask first.
    const postHref = await first
      .getByRole('link')
      .filter({ has: page.locator('time') })
      .getAttribute('href');
    await gotoApp(page, `${origin}${postHref}`);
    await page.getByRole('textbox', { name: 'Write a comment…' }).click();
    await expectVerifyGate(page, 'Verify your account to comment.');
    await page.keyboard.type('typed while gated');
    await closeGate(page);
    expect(await page.getByRole('textbox', { name: 'Write a comment…' }).inputValue()).toBe('');

    await page.getByRole('button', { name: 'Post options' }).first().click();
    await page.getByRole('menuitem', { name: 'Send Message' }).click();
    await expectVerifyGate(page, 'Verify your account to send a message.');
    expect(new URL(page.url()).pathname).toBe(postHref);
    await context.close();
  });

  it("opens 'Verify your account to create a post.' from the bottom bar's Add post at 390px", async () => {
    const origin = suite.server.origin('utexas');
    const { context, page } = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE);
    await page.getByRole('navigation', { name: 'Quick' }).getByLabel('Add post', { exact: true }).click();
    await expectVerifyGate(page, 'Verify your account to create a post.');
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await page.getByLabel('Post text').count()).toBe(0);
    await saveScreenshot(page, 'visiting-verify-gate-390');
    await context.close();
  });
});
