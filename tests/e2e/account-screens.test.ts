import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectVisible, gotoApp, openPage, PHONE } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

function alertWith(page: Page, text: string) {
  return page.locator('.alert', { hasText: text }).first();
}

// spec 1 §5 and §8: the messages the screens themselves show, word for word.
describe('sign-in screens tell the student what went wrong', () => {
  it('validates the registration form before sending it', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/register`);
    const signUp = page.getByRole('button', { name: 'Sign Up' });
    expect(await signUp.isDisabled()).toBe(true); // all four fields first
    await page.getByLabel('Full name').fill('N Newman');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('checkbox').check();
    await signUp.click();
    await expectVisible(page.getByText('Name is Invalid', { exact: true }));
    await expectVisible(page.getByText('Invalid email address!', { exact: true }));
    await page.getByLabel('Full name').fill('Nora N3wman');
    await signUp.click();
    await expectVisible(page.getByText('Your Name is Invalid.', { exact: true }));
    await context.close();
  });

  it("says 'Error checking if email is available' when the check cannot be made", async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/user_registration`);
    await page.route('**/api/users/email-check', (route) => route.abort());
    await page.getByLabel('Email').fill('someone@ou.edu');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(alertWith(page, 'Error checking if email is available'));
    await context.close();
  });

  it('shows the server messages of a failed sign-in as alerts', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/login?email=emilyc@ou.edu`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(page.getByText('Password is required.', { exact: true }));
    await page.getByLabel('Password').fill('not-her-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(alertWith(page, 'Wrong password!'));
    await page.getByLabel('Email').fill('nobody-here@ou.edu');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(alertWith(page, 'Incorrect. Please try again.'));
    await context.close();
  });

  it("says 'Failed: Wrong Email.' after a bad link, and offers the OU-only options", async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/login?redirect=true`, PHONE);
    await expectVisible(alertWith(page, 'Failed: Wrong Email.'));
    await expectVisible(page.getByRole('link', { name: 'Forgot password?' }));
    await expectVisible(page.getByRole('link', { name: 'Continue without password' }));
    const ut = await openPage(suite.browser, `${suite.server.origin('utexas')}/login`);
    await expectVisible(ut.page.getByRole('button', { name: 'Continue' }));
    expect(await ut.page.getByRole('link', { name: 'Continue without password' }).count()).toBe(0);
    await ut.context.close();
    await context.close();
  });

  it('confirms a reset mail, and answers an unknown e-mail with a browser alert that clears the field', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/forgotpassword`);
    const dialog = new Promise<string>((resolve) => {
      page.once('dialog', (opened) => {
        resolve(opened.message());
        void opened.accept();
      });
    });
    await page.getByLabel('Email').fill('nobody-here@ou.edu');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    expect(await dialog).toBe('User not found, try again!');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('');
    await page.getByLabel('Email').fill('emilyc@ou.edu');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectVisible(page.getByText('Check your inbox for the link to reset your password.', { exact: true }));
    await expectVisible(page.getByText('This may take 1-2 minutes.', { exact: true }));
    await expectVisible(page.getByRole('link', { name: 'Go to login' }));
    await context.close();
  });

  it('keeps Save disabled until a setting changes, and checks the code field', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/login?email=emilyc@ou.edu`);
    await page.getByLabel('Password').fill('campus-demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/home$/);
    await gotoApp(page, `${suite.server.origin('ou')}/settings/account/screen_name`);
    const save = page.getByRole('button', { name: 'Save' });
    await expectVisible(save);
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Username', { exact: true }).fill('emil');
    await save.click();
    await expectVisible(page.getByText('Must be longer than 4 characters.', { exact: true }));
    await gotoApp(page, `${suite.server.origin('ou')}/settings/account/verify_email?email=x@example.com`);
    await page.getByLabel('Verification code').fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('Your code was incorrect. Please try again.', { exact: true }));
    await context.close();
  });
});
