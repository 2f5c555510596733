import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readMailbox } from '../support/dev-mailbox.ts';
import { expectVisible, gotoApp, openPage, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();
/** A real PNG for the profile picture. */
const PNG = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#c0392b' } })
  .png()
  .toBuffer();

async function expectAlert(page: Page, text: string) {
  await expectVisible(page.locator('.alert', { hasText: text }).first());
}

async function saveSetting(page: Page, path: string, fill: () => Promise<void>) {
  await gotoApp(page, `${new URL(page.url()).origin}/settings/account/${path}`);
  await fill();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectAlert(page, 'Account Updated!');
}

// issue 3 "Done when": a new student's whole first session on ou.localhost, in Chromium.
describe('a new student on ou.localhost', () => {
  it('registers, verifies, joins the campus, sets up the profile, changes settings and signs back in by link', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/user_registration`);

    await page.getByLabel('Email').fill('nora.newman@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/register\?email=/);
    await page.getByLabel('Full name').fill('Nora Newman');
    await page.getByLabel('Password').fill('first-pass1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${origin}/verify`);

    const signUpMail = await readMailbox(page, 'nora.newman@example.com');
    expect(signUpMail.subject).toMatch(/^\d{4} is your OU Buy \/ Sell verification code$/);
    await page.getByLabel('Verification code').fill(signUpMail.code ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${origin}/settings/account/school_email`);

    await page.getByLabel('School email').fill('nnewman@ou.edu');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/verify_school_email/);
    await page.getByLabel('Verification code').fill((await readMailbox(page, 'nnewman@ou.edu')).code ?? '');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${origin}/home`);
    await expectVisible(page.getByRole('article').filter({ hasText: 'Nora N. joined OU. Say hi!' }));

    await gotoApp(page, `${origin}/profile/set-up?goBack=home`);
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expectVisible(page.getByRole('img', { name: 'Your profile' }));
    await page.getByRole('button', { name: 'Next' }).click();
    const bio = 'Junior in journalism. Selling my old camera gear.';
    await page.getByLabel('Bio').fill(bio);
    await expectVisible(page.getByText(`${bio.length} / 160`)); // spec 1 §5 counter
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await page.waitForURL(`${origin}/home`);

    await saveSetting(page, 'screen_name', () => page.getByLabel('Username', { exact: true }).fill('nora_news'));
    await saveSetting(page, 'phone', () => page.getByLabel('Phone number').fill('+1 (405) 555-0100'));
    await saveSetting(page, 'gender', () => page.getByLabel('Female').check());
    await saveSetting(page, 'birth_date', async () => {
      await page.getByLabel('Month').selectOption('4');
      await page.getByLabel('Day').selectOption('12');
      await page.getByLabel('Year').selectOption('2004');
    });
    await saveSetting(page, 'password', async () => {
      await page.getByLabel('Current password').fill('first-pass1');
      await page.getByLabel('New password', { exact: true }).fill('second-pass2');
      await page.getByLabel('Confirm new password').fill('second-pass2');
    });
    await gotoApp(page, `${origin}/settings/account/email`);
    await page.getByLabel('New email').fill('nora@example.org');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/verify_email/);
    await page.getByLabel('Verification code').fill((await readMailbox(page, 'nora@example.org')).code ?? '');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Account Updated!');
    await gotoApp(page, `${origin}/settings/account`);
    // The rows, by name: the header's profile button carries '@nora_news' too once her profile is read.
    await expectVisible(page.getByRole('link', { name: 'Username @nora_news' }));
    await expectVisible(page.getByRole('link', { name: 'Email nora@example.org' }));
    await saveScreenshot(page, 'account-settings-1280');

    await gotoApp(page, `${origin}/logout`);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${origin}/home`);
    await expectVisible(page.getByRole('link', { name: 'Log In with Email' }));

    await gotoApp(page, `${origin}/login?method=noPassword`);
    await page.getByLabel('Email').fill('nora@example.org');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/login\/sent\?email=/);
    await expectVisible(page.getByRole('heading', { name: 'Your magic link is on its way!' }));
    const link = (await readMailbox(page, 'nora@example.org')).links.find((href) => href.includes('/login/sent'));
    expect(link).toBeDefined();
    await gotoApp(page, link ?? '');
    await page.waitForURL(`${origin}/home`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expectVisible(page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: /Nora N\./ }));
    await context.close();
  });
});
