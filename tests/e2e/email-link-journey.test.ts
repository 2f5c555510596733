import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readMailbox } from '../support/dev-mailbox.ts';
import { DESKTOP, expectVisible, gotoApp, openPage, PHONE, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

async function expectAlert(page: Page, text: string) {
  await expectVisible(page.locator('.alert', { hasText: text }).first());
}

async function signInLinkFor(page: Page, email: string): Promise<string> {
  const link = (await readMailbox(page, email)).links.find((href) => href.includes('/login/sent'));
  expect(link).toBeDefined();
  return link ?? '';
}

// issue 19 item 4; spec 1 §2: "If first and last names are in the URL it registers the user".
describe("'Continue without password' on ou.localhost", () => {
  it('with a new e-mail asks first and last name, mails a link that registers the student and signs them in', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/login`, PHONE);
    await page.getByRole('link', { name: 'Continue without password' }).click();
    await page.waitForURL(`${origin}/login?method=noPassword`);
    await page.getByLabel('Email').fill('nia.link@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expectVisible(page.getByRole('heading', { name: 'Create your account' }));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Full name is required' }).first());
    await page.getByLabel('First name').fill('N');
    await page.getByLabel('Last name').fill('Link7');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: /^Name is Invalid$/ }));
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Your Name is Invalid.' }));
    await saveScreenshot(page, 'email-link-names-errors-390');
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Last name').fill('Linkletter');
    // A corrected field drops its stale message.
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /Name is Invalid/ })
        .count(),
    ).toBe(0);
    await saveScreenshot(page, 'email-link-names-390');
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, 'email-link-names-1280');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/login\/sent\?email=nia\.link%40example\.com&first=Nia&last=Linkletter$/);
    await expectVisible(page.getByRole('heading', { name: 'Your magic link is on its way!' }));
    await saveScreenshot(page, 'email-link-sent-390');
    const link = await signInLinkFor(page, 'nia.link@example.com');
    expect(new URL(link).searchParams.get('first')).toBe('Nia');

    await gotoApp(page, link);
    // Verified by the link: straight to the feed, not to /verify.
    await page.waitForURL(`${origin}/home`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expectVisible(page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: /Nia L\./ }));
    await context.close();
  });

  it('opened on another device asks for the e-mail again, then registers', async () => {
    const origin = suite.server.origin('ou');
    const phone = await openPage(suite.browser, `${origin}/login?method=noPassword`, PHONE);
    await phone.page.getByLabel('Email').fill('omar.other@example.com');
    await phone.page.getByRole('button', { name: 'Continue' }).click();
    await phone.page.getByLabel('First name').fill('Omar');
    await phone.page.getByLabel('Last name').fill('Otherdevice');
    await phone.page.getByRole('button', { name: 'Continue' }).click();
    await phone.page.waitForURL(/\/login\/sent\?/);
    const link = await signInLinkFor(phone.page, 'omar.other@example.com');
    await phone.context.close();

    const laptop = await openPage(suite.browser, link, DESKTOP);
    await expectVisible(laptop.page.getByRole('heading', { name: 'Confirm your email' }));
    await saveScreenshot(laptop.page, 'email-link-confirm-1280');
    await laptop.page.locator('.auth-card').getByLabel('Email').fill('omar.other@example.com');
    await laptop.page.getByRole('button', { name: 'Continue' }).click();
    await laptop.page.waitForURL(`${origin}/home`);
    await laptop.page.getByRole('button', { name: 'Account menu' }).click();
    await expectVisible(laptop.page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: /Omar O\./ }));
    await laptop.context.close();
  });

  it("a bad link goes to /login?redirect=true or /register?redirect=true, which show 'Failed: Wrong Email.'", async () => {
    const origin = suite.server.origin('ou');
    const signIn = await openPage(suite.browser, `${origin}/login/sent?email=a%40example.com&token=made-up`, PHONE);
    await signIn.page.locator('.auth-card').getByLabel('Email').fill('a@example.com');
    await signIn.page.getByRole('button', { name: 'Continue' }).click();
    await signIn.page.waitForURL(`${origin}/login?redirect=true`);
    await expectAlert(signIn.page, 'Failed: Wrong Email.');
    await saveScreenshot(signIn.page, 'email-link-wrong-login-390');
    await signIn.context.close();

    const register = await openPage(
      suite.browser,
      `${origin}/login/sent?email=b%40example.com&first=Bea&last=Bad&token=made-up`,
      DESKTOP,
    );
    await register.page.locator('.auth-card').getByLabel('Email').fill('b@example.com');
    await register.page.getByRole('button', { name: 'Continue' }).click();
    await register.page.waitForURL(`${origin}/register?redirect=true`);
    await expectAlert(register.page, 'Failed: Wrong Email.');
    await expectVisible(register.page.getByRole('heading', { name: 'Create your account' }));
    await saveScreenshot(register.page, 'email-link-wrong-register-1280');
    await register.page.setViewportSize(PHONE);
    await gotoApp(register.page, `${origin}/register?redirect=true`);
    await expectAlert(register.page, 'Failed: Wrong Email.');
    await saveScreenshot(register.page, 'email-link-wrong-register-390');
    await register.context.close();
  });
});
