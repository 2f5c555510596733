import { describe, expect, it } from 'vitest';
import { readMailbox } from '../support/dev-mailbox.ts';
import { expectVisible, gotoApp, openPage, PHONE } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

// issue 19 item 3: a dotted school address was refused by 'Join your campus', and the address
// just verified at sign-up needed a second code. docs/decisions/022.
describe('a student who signs up with a dotted ou.edu address', () => {
  it('joins the campus with that verified address at once, without a second code', async () => {
    const origin = suite.server.origin('ou');
    const email = 'alex.rivera@ou.edu';
    const { page, context } = await openPage(suite.browser, `${origin}/user_registration`, PHONE);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/register\?email=/);
    await page.getByLabel('Full name').fill('Alex Rivera');
    await page.getByLabel('Password').fill('first-pass1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${origin}/verify`);
    await page.getByLabel('Verification code').fill((await readMailbox(page, email)).code ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${origin}/settings/account/school_email`);

    await expectVisible(page.getByRole('heading', { name: 'Join your campus' }));
    await page.getByLabel('School email').fill(email);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${origin}/home`);
    await expectVisible(page.getByRole('article').filter({ hasText: 'Alex R. joined OU. Say hi!' }));

    // Only the sign-up code was ever mailed to that address.
    const mailbox = await context.newPage();
    await gotoApp(mailbox, `${origin}/dev/mail?to=${encodeURIComponent(email)}`);
    await expect.poll(() => mailbox.locator('article').count()).toBe(1);
    await context.close();
  });
});
