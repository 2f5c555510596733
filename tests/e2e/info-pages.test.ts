import {
  campusDirectMessageUrl,
  INFO_PAGE_TITLES,
  POSTING_SECONDS,
  PRIVACY_CONTACT_EMAIL,
  PRIVACY_LAST_UPDATED,
  PRIVACY_NOT_SOLD_UNDER_AGE,
  RETURN_POLICY,
  TERMS_LAST_UPDATED,
  TERMS_LIMITS,
} from '@campus/shared/info-pages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectVisible, gotoApp, openPage, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';
import { pageHeading, settingsNav } from '../support/settings-nav.ts';

const suite = useServerAndBrowser();

/** Opens /settings/<page> signed out and returns its text with white space folded. */
async function readPage(page: Page, slug: keyof typeof INFO_PAGE_TITLES): Promise<string> {
  await gotoApp(page, `${suite.server.origin('ou')}/settings/${slug}`);
  await expectVisible(pageHeading(page, INFO_PAGE_TITLES[slug]));
  return ((await page.locator('article.info-page').textContent()) ?? '').replace(/\s+/g, ' ');
}

// spec 3 §2 Static pages and §9: every figure, read by a signed-out visitor (spec 3 §6).
describe('the information pages', () => {
  it('state the terms, privacy and return figures of the spec', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/home`, DESKTOP);
    const terms = await readPage(page, 'terms');
    for (const phrase of [
      `Last updated ${TERMS_LAST_UPDATED}`,
      'University of Oklahoma',
      `${TERMS_LIMITS.minimumAge} years of age or older`,
      `usually made ${TERMS_LIMITS.payoutBusinessDays} business days after delivery`,
      `payment account within ${TERMS_LIMITS.paymentAccountSetupDays} days`,
      `ship within ${TERMS_LIMITS.shipWithinBusinessDays} business days`,
      `opt out of arbitration by writing to us within ${TERMS_LIMITS.arbitrationOptOutDays} days`,
      `the greater of $${TERMS_LIMITS.liabilityCapDollars} or the amount you paid us in the last ${TERMS_LIMITS.liabilityLookbackMonths} months`,
      `filed within ${TERMS_LIMITS.claimsWithinYears} year`,
      'under $10,000, the arbitration may be done remotely',
    ]) {
      expect(terms).toContain(phrase);
    }

    const privacy = await readPage(page, 'privacy');
    for (const phrase of [
      `Last updated ${PRIVACY_LAST_UPDATED}`,
      'Information we collect',
      'How we use it',
      'How we share it',
      'Your choices',
      'California',
      PRIVACY_CONTACT_EMAIL,
      `do not sell the personal data of users under ${PRIVACY_NOT_SOLD_UNDER_AGE}`,
    ]) {
      expect(privacy).toContain(phrase);
    }
    await expectVisible(page.locator('#cookies').getByRole('heading', { name: 'Cookies' }));
    expect(await page.getByRole('link', { name: PRIVACY_CONTACT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${PRIVACY_CONTACT_EMAIL}`,
    );

    const returns = await readPage(page, 'returns');
    for (const phrase of [
      `Contact the seller within ${RETURN_POLICY.contactSellerDays} days of receiving the item`,
      `within ${RETURN_POLICY.reportToUsDays} more days (${RETURN_POLICY.totalDays} days in total`,
      `return window of ${RETURN_POLICY.refundReturnWindowDays} days`,
      'the sale is completed',
    ]) {
      expect(returns).toContain(phrase);
    }
    await context.close();
  });

  it('state the community pages: trust and safety, how it works, about, help and feedback', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/home`, DESKTOP);
    const trust = await readPage(page, 'trust_and_safety');
    for (const group of ['Be neighborly', 'Be ethical', 'Be proactive']) {
      await expectVisible(page.getByRole('heading', { level: 2, name: group, exact: true }));
    }
    expect(trust).toContain('zero tolerance for violations');

    await readPage(page, 'howitworks');
    for (const step of ['Buy', 'Sell']) {
      await expectVisible(page.getByRole('heading', { level: 2, name: step, exact: true }));
    }

    const about = await readPage(page, 'about');
    for (const phrase of ['Browse items for sale nearby', 'Message sellers', 'View profiles']) {
      expect(about).toContain(phrase);
    }
    expect(about).toContain(`in under ${POSTING_SECONDS} seconds`);

    // spec 3 §1: a direct message to the campus-named account, @oubuysell on OU.
    for (const slug of ['help', 'feedback'] as const) {
      const text = await readPage(page, slug);
      expect(text).toContain('@oubuysell');
      const link = page.locator('.info-page__contact a');
      expect(await link.getAttribute('href')).toBe(campusDirectMessageUrl('OU'));
      expect(await link.getAttribute('href')).toBe('https://ig.me/m/oubuysell');
    }
    await context.close();
  });

  it.each([390, 480, 769, 1000, 1280])('screenshots at %i px', async (width) => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/settings`, { width, height: 900 });
    if (width <= 1000) {
      await expectVisible(settingsNav(page));
      await saveScreenshot(page, `info-pages/settings-nav-${width}`);
    }
    for (const slug of ['terms', 'privacy', 'returns'] as const) {
      await readPage(page, slug);
      await saveScreenshot(page, `info-pages/${slug}-${width}`);
    }
    await context.close();
  });
});
