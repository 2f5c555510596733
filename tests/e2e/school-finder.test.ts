import { SCHOOL_FINDER_TEXT } from '@campus/shared/campus-search-api';
import { siteHandoffSignedInElse } from '@campus/shared/site-handoff-api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, signIn } from '../support/demo-session.ts';
import { readMailbox } from '../support/dev-mailbox.ts';
import {
  DESKTOP,
  expectImageLoaded,
  expectText,
  expectVisible,
  gotoApp,
  openPage,
  PHONE,
  saveScreenshot,
  waitForFirstScreenSwap,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();
const TABLET_769 = { width: 769, height: 900 };

/** Types into the finder and waits for the school's row; answers the row. */
async function findSchool(page: Page, words: string, schoolName: string) {
  const box = page.getByRole('combobox', { name: SCHOOL_FINDER_TEXT.placeholder });
  expect(await box.getAttribute('placeholder')).toBe(SCHOOL_FINDER_TEXT.placeholder);
  await box.fill(words);
  const row = page.getByRole('listbox', { name: 'Schools' }).getByRole('option').filter({ hasText: schoolName });
  await expectVisible(row);
  return row;
}

async function openSchool(page: Page, words: string, schoolName: string) {
  await (await findSchool(page, words, schoolName)).click();
  const modal = page.getByRole('dialog', { name: schoolName });
  await expectVisible(modal);
  return modal;
}

/** Who this page's site session belongs to, as the server says. */
function signedInEmail(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const answer = (await (await fetch('/api/auth/me')).json()) as { user: { email: string } | null };
    return answer.user?.email ?? null;
  });
}

// Issue 22, done when: "on campus.localhost find 'Texas' and join UT as a guest" (spec 2 School finder,
// decision 023: a verified student of another campus is a guest on that campus's site).
describe('the school finder on the generic site', () => {
  it("finds 'Texas' and opens UT as a guest in a new tab, by keyboard, at 1280px", async () => {
    const campusOrigin = suite.server.origin('campus');
    const { context, page } = await signedInPage(suite.browser, campusOrigin, 'emilyc@ou.edu', DESKTOP);
    // spec 1: the generic sidebar's Search goes to the finder.
    const search = page.getByRole('complementary', { name: 'Main' }).getByRole('link', { name: 'Search' });
    expect(await search.getAttribute('href')).toBe('/search_schools');
    await search.click();
    await page.waitForURL(`${campusOrigin}/search_schools`);
    await expectVisible(page.getByRole('heading', { level: 1, name: SCHOOL_FINDER_TEXT.title }));

    const ut = await findSchool(page, 'Texas', 'University of Texas at Austin');
    await expectText(ut.locator('.school-option__place'), 'Austin, TX, US');
    const names = await page.getByRole('option').locator('.school-option__name').allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(['Texas A&M University', 'University of North Texas']));
    await saveScreenshot(page, 'school-finder-texas-1280');

    // Down to UT, Enter: the combobox pattern (aria-activedescendant on the box).
    const box = page.getByRole('combobox', { name: SCHOOL_FINDER_TEXT.placeholder });
    for (let step = 0; step <= names.indexOf('University of Texas at Austin'); step++) await box.press('ArrowDown');
    expect(await ut.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await ut.getAttribute('id'));
    await box.press('Enter');
    const modal = page.getByRole('dialog', { name: 'University of Texas at Austin' });
    await expectVisible(modal);
    await expectImageLoaded(modal.getByRole('img', { name: 'UT logo' }));
    expect(new URL(page.url()).searchParams.get('school')).toBe('ut');
    const visit = modal.getByRole('link', { name: SCHOOL_FINDER_TEXT.visitAsGuest });
    expect(await visit.getAttribute('target')).toBe('_blank');
    expect(await modal.getByRole('link', { name: SCHOOL_FINDER_TEXT.joinCampus }).count()).toBe(0);
    await saveScreenshot(page, 'school-finder-guest-modal-1280');

    const [utPage] = await Promise.all([context.waitForEvent('page'), visit.click()]);
    await utPage.waitForLoadState();
    const utOrigin = suite.server.origin('utexas');
    // Decision 042: she arrives signed in (a one-use hand-off), and the token is gone from the address.
    await utPage.waitForURL(`${utOrigin}/home`);
    await expect.poll(() => utPage.title()).toBe('UT Buy / Sell');
    // The written first screen (decision 049) shows a visitor's shell at once; the trade happens once the
    // app runs: her session here is asked for until it is there, then the app's screen replaces the written one.
    await expect.poll(() => signedInEmail(utPage)).toBe('emilyc@ou.edu');
    await waitForFirstScreenSwap(utPage);
    await expectVisible(utPage.getByRole('button', { name: 'Account menu' }));
    expect(utPage.url()).toBe(`${utOrigin}/home`);
    await expectVisible(utPage.getByRole('article').first());
    await utPage.getByRole('link', { name: 'Create Post' }).click();
    const gate = utPage.getByRole('dialog', { name: 'Verify your account to create a post.' });
    await expectVisible(gate);
    await expectVisible(gate.getByText('You are visiting UT as a guest.', { exact: false }));
    await context.close();
  });

  it("offers 'View Your Campus' for the student's own school, at 769px", async () => {
    const campusOrigin = suite.server.origin('campus');
    const { context, page } = await signedInPage(suite.browser, campusOrigin, 'emilyc@ou.edu', TABLET_769);
    await gotoApp(page, `${campusOrigin}/search_schools`);
    const modal = await openSchool(page, 'oklahoma', 'University of Oklahoma');
    const view = modal.getByRole('link', { name: SCHOOL_FINDER_TEXT.viewYourCampus });
    expect(await view.getAttribute('target')).toBeNull();
    expect(await modal.getByRole('link', { name: SCHOOL_FINDER_TEXT.visitAsGuest }).count()).toBe(0);
    await saveScreenshot(page, 'school-finder-own-campus-769');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('school')).toBeNull();

    // Her own campus's site opens in this tab, signed in (decision 042).
    await (await openSchool(page, 'oklahoma', 'University of Oklahoma'))
      .getByRole('link', { name: SCHOOL_FINDER_TEXT.viewYourCampus })
      .click();
    const ouOrigin = suite.server.origin('ou');
    await page.waitForURL(`${ouOrigin}/home`);
    await expect.poll(() => signedInEmail(page)).toBe('emilyc@ou.edu');
    await context.close();
  });

  // Issue 35 item 6: a hand-off with another student's token switched a signed-in browser to them.
  it("keeps the student signed in on her campus's site when another's hand-off arrives, and says why", async () => {
    const campusOrigin = suite.server.origin('campus');
    const ouOrigin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, ouOrigin, 'jordanw@ou.edu', TABLET_769);
    await signIn(page, campusOrigin, 'emilyc@ou.edu');
    await gotoApp(page, `${campusOrigin}/search_schools`);
    await (await openSchool(page, 'oklahoma', 'University of Oklahoma'))
      .getByRole('link', { name: SCHOOL_FINDER_TEXT.viewYourCampus })
      .click();
    await page.waitForURL(`${ouOrigin}/home`);
    const [jordan, emily] = await Promise.all(
      ['jordanw@ou.edu', 'emilyc@ou.edu'].map(async (email) => {
        const row = await suite.server.server.db
          .selectFrom('users')
          .select('first_name')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        return row.first_name;
      }),
    );
    await expectVisible(
      page.getByRole('alert').filter({ hasText: siteHandoffSignedInElse(jordan ?? '', emily ?? '') }),
    );
    await saveScreenshot(page, 'site-handoff-refused-769');
    expect(await signedInEmail(page)).toBe('jordanw@ou.edu');
    expect(page.url()).not.toContain('handoff');
    await context.close();
  });

  it("sends a new sign-up to the finder, and 'Join Campus' to the school e-mail settings with ?campus=", async () => {
    const campusOrigin = suite.server.origin('campus');
    const email = 'sam.lee@gmail.com';
    const { context, page } = await openPage(suite.browser, `${campusOrigin}/user_registration`, PHONE);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/register\?email=/);
    await page.getByLabel('Full name').fill('Sam Lee');
    await page.getByLabel('Password').fill('first-pass1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${campusOrigin}/verify`);
    await page.getByLabel('Verification code').fill((await readMailbox(page, email)).code ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    // spec 1 §4: after sign-up on the generic site the student goes to the school search.
    await page.waitForURL(`${campusOrigin}/search_schools`);
    // spec 1 §2: the 'Verify your account' banner points at the school search on the generic site.
    expect(await page.getByRole('link', { name: /Verify your account/ }).getAttribute('href')).toBe('/search_schools');
    await expectVisible(page.getByText("Type your school's name", { exact: false }));

    const modal = await openSchool(page, 'texs', 'University of Texas at Austin');
    const join = modal.getByRole('link', { name: SCHOOL_FINDER_TEXT.joinCampus });
    expect(await join.getAttribute('href')).toBe('/settings/account/school_email?campus=ut');
    await saveScreenshot(page, 'school-finder-join-modal-390');
    await join.click();
    await page.waitForURL(`${campusOrigin}/settings/account/school_email?campus=ut`);
    await expectVisible(page.getByRole('heading', { name: 'Join your campus' }));
    await context.close();
  });

  it('closes the modal and opens the auth modal of type join campus for a visitor, at 390px', async () => {
    const campusOrigin = suite.server.origin('campus');
    const { context, page } = await openPage(suite.browser, `${campusOrigin}/home`, PHONE);
    await page.getByRole('link', { name: 'Find Your School' }).click();
    await page.waitForURL(`${campusOrigin}/search_schools`);
    await expectVisible(page.getByText("Type your school's name", { exact: false }));
    await saveScreenshot(page, 'school-finder-empty-390');
    await findSchool(page, 'Texas', 'University of Texas at Austin');
    await saveScreenshot(page, 'school-finder-texas-390');
    const modal = await openSchool(page, 'Texas', 'University of Texas at Austin');
    await saveScreenshot(page, 'school-finder-visitor-modal-390');
    await modal.getByRole('button', { name: SCHOOL_FINDER_TEXT.joinCampus }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Join Your Campus' }));
    expect(await page.getByRole('dialog', { name: 'University of Texas at Austin' }).count()).toBe(0);
    await saveScreenshot(page, 'school-finder-auth-join-390');
    await context.close();
  });

  it("says 'Something went wrong' for no school, and calmly when nothing matches", async () => {
    const campusOrigin = suite.server.origin('campus');
    const { context, page } = await openPage(suite.browser, `${campusOrigin}/search_schools?school=nowhere`, DESKTOP);
    await expectVisible(page.getByRole('dialog', { name: SCHOOL_FINDER_TEXT.somethingWentWrong }));
    await saveScreenshot(page, 'school-finder-something-wrong-1280');
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('combobox', { name: SCHOOL_FINDER_TEXT.placeholder }).fill('zzqqxx');
    await expectText(page.getByRole('status').filter({ hasText: 'No schools' }), /^No schools match "zzqqxx"\./);
    expect(await page.getByRole('option').count()).toBe(0);
    await saveScreenshot(page, 'school-finder-no-match-1280');
    await context.close();
  });

  it('shows grey rows while the answer comes, and searches the catalogue on the device with no network', async () => {
    const campusOrigin = suite.server.origin('campus');
    const { context, page } = await openPage(suite.browser, `${campusOrigin}/search_schools`, DESKTOP);
    await expectVisible(page.getByRole('heading', { level: 1, name: SCHOOL_FINDER_TEXT.title }));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/campuses/search?**', async (route) => {
      await held;
      await route.abort('internetdisconnected');
    });
    await page.getByRole('combobox', { name: SCHOOL_FINDER_TEXT.placeholder }).fill('gainesvile');
    await expectVisible(page.getByRole('list', { name: 'Searching schools' }));
    await saveScreenshot(page, 'school-finder-loading-1280');
    release();
    await expectVisible(page.getByRole('option').filter({ hasText: 'University of Florida' }));
    await expectText(
      page.getByRole('status').filter({ hasText: 'Offline' }),
      'Offline: these schools come from this device.',
    );
    expect(await page.getByRole('list', { name: 'Searching schools' }).count()).toBe(0);
    await context.close();
  });
});
