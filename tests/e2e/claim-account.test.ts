import { describe, expect, it } from 'vitest';
import { DESKTOP, expectVisible, openPage, PHONE, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

// spec 2 §2 Profile: "'Claim this account' appears on unverified profiles and opens /login/sent".
describe("'Claim this account' on ou.localhost", () => {
  it('shows on an unverified student’s profile, not on a verified one, and opens /login/sent', async () => {
    const origin = suite.server.origin('ou');
    // A student who signs up and never enters the code stays unverified.
    const signUp = await openPage(suite.browser, `${origin}/user_registration`);
    await signUp.page.getByLabel('Email').fill('cleo.claim@example.com');
    await signUp.page.getByRole('button', { name: 'Continue' }).click();
    await signUp.page.waitForURL(/\/register\?email=/);
    await signUp.page.getByLabel('Full name').fill('Cleo Claim');
    await signUp.page.getByLabel('Password').fill('claim-pass1');
    await signUp.page.getByRole('checkbox').check();
    await signUp.page.getByRole('button', { name: 'Sign Up' }).click();
    await signUp.page.waitForURL(`${origin}/verify`);
    await signUp.context.close();

    const { context, page } = await openPage(suite.browser, `${origin}/emilyc`, PHONE);
    await expectVisible(page.getByRole('heading', { name: 'Emily C.', level: 1 }));
    await expectVisible(page.getByRole('link', { name: 'Send Message' }));
    expect(await page.getByRole('link', { name: 'Claim this account' }).count()).toBe(0);

    await page.goto(`${origin}/cleoc`);
    await expectVisible(page.getByRole('heading', { name: 'Cleo C.', level: 1 }));
    const claim = page.getByRole('link', { name: 'Claim this account' });
    await expectVisible(claim);
    await saveScreenshot(page, 'claim-account-390');
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, 'claim-account-1280');

    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await claim.click();
    // spec 1 §2: /login/sent without an email query goes on to /login.
    await page.waitForURL(`${origin}/login`);
    expect(visited).toContain('/login/sent');
    await expectVisible(page.getByRole('heading', { name: 'Log In' }));
    await context.close();
  });
});
