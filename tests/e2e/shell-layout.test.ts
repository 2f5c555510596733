import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fetchCampus } from '../support/campus-api.ts';
import {
  DESKTOP,
  expectAttachedButHidden,
  expectImageLoaded,
  expectText,
  expectVisible,
  openPage,
  PHONE,
  saveScreenshot,
  TABLET,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

interface CampusCase {
  subdomain: string;
  shortName: string;
  brandId: string;
  city: string;
}

const CAMPUS_CASES: CampusCase[] = [
  { subdomain: 'ou', shortName: 'OU', brandId: 'ou', city: 'Norman, OK' },
  { subdomain: 'utexas', shortName: 'UT', brandId: 'ut', city: 'Austin, TX' },
];
// spec 1 §2 "Shell": the school sidebar for a signed-out visitor.
const NAV_ENTRIES = ['Buy/Sell', 'Search', 'Notifications', 'Messages', 'Saved', 'Settings'];

const suite = useServerAndBrowser();

/** spec 1 §1/§2: title, logo and search placeholder follow the campus of the host. */
async function expectCampusHeader(page: Page, campus: CampusCase): Promise<void> {
  await expect.poll(() => page.title()).toBe(`${campus.shortName} Buy / Sell`);
  const logo = page.getByRole('link', { name: `${campus.shortName} Buy / Sell home` }).locator('img');
  await expectVisible(logo);
  expect(await logo.getAttribute('src')).toBe(`/brand/${campus.brandId}/logo.svg`);
  await expectImageLoaded(logo);
  const search = page.getByRole('combobox', { name: `Search ${campus.shortName} Buy / Sell` });
  await expectVisible(search);
  expect(await search.getAttribute('placeholder')).toBe(`Search ${campus.shortName} Buy / Sell`);
}

/** Demo posts with price tags, and the spec 1 §1 footer line. */
async function expectFeedAndFooter(page: Page): Promise<void> {
  const posts = page.getByRole('article');
  await expect.poll(() => posts.count()).toBeGreaterThan(3);
  const priceTags = posts.getByText(/^(\$[\d,]+|Free|Sold)$/);
  await expect.poll(() => priceTags.count()).toBeGreaterThan(0);
  await expectVisible(priceTags.first());
  await expectText(page.getByText('© 2025').filter({ visible: true }), '© 2025 Campus Buy/Sell, Inc.');
}

function sidebarLink(page: Page, name: string) {
  return page.getByRole('complementary', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** Nothing of the left sidebar spills into the feed column, and the page never scrolls sideways. */
async function expectColumnsApart(page: Page, width: number): Promise<void> {
  const entry = await sidebarLink(page, 'Buy/Sell').boundingBox();
  const feed = await page.getByRole('main').boundingBox();
  if (!entry || !feed) throw new Error('the sidebar or the feed has no layout box');
  expect(entry.x + entry.width).toBeLessThanOrEqual(feed.x);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
}

describe.each(CAMPUS_CASES)('the shell on $subdomain', (campus) => {
  it('shows the sidebars and no bottom bar at 1280px', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin(campus.subdomain)}/home`, DESKTOP);
    await expectCampusHeader(page, campus);
    for (const entry of NAV_ENTRIES) await expectVisible(sidebarLink(page, entry));

    const aboutCard = page.getByRole('region', { name: 'About This Group', exact: true });
    await expectVisible(aboutCard);
    const { memberCount } = await fetchCampus(page);
    expect(memberCount).toBeGreaterThan(0);
    await expectVisible(aboutCard.getByText(`${memberCount.toLocaleString('en-US')} members`, { exact: true }));
    await expectVisible(aboutCard.getByText(campus.city, { exact: true }));

    await expectAttachedButHidden(page.getByRole('navigation', { name: 'Quick', includeHidden: true }));
    await expectFeedAndFooter(page);
    await expectColumnsApart(page, DESKTOP.width);
    await saveScreenshot(page, `shell-${campus.subdomain}-1280`);
    await context.close();
  });

  it('swaps the sidebars for a bottom bar and slide-out menu at 390px', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin(campus.subdomain)}/home`, PHONE);
    await expectCampusHeader(page, campus);
    await expectVisible(page.getByRole('navigation', { name: 'Quick' }));
    await expectAttachedButHidden(page.getByRole('complementary', { name: 'Main', includeHidden: true }));
    await expectAttachedButHidden(page.getByRole('complementary', { name: 'About this campus', includeHidden: true }));
    await expectFeedAndFooter(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await saveScreenshot(page, `shell-${campus.subdomain}-390`);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expectVisible(menu);
    for (const entry of NAV_ENTRIES) await expectVisible(menu.getByRole('link', { name: entry, exact: true }));
    // Let the 180 ms slide-in finish so the screenshot shows the whole drawer.
    await menu.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await saveScreenshot(page, `shell-${campus.subdomain}-390-menu`);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await context.close();
  });
});

describe('the shell at 1000px', () => {
  it('hides the right sidebar but keeps the left one', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/home`, TABLET);
    await expectCampusHeader(page, CAMPUS_CASES[0] as CampusCase);
    // Above 769px the icon-only sidebar (labels hidden at ≤1170px) is still the navigation.
    for (const entry of NAV_ENTRIES) await expectVisible(sidebarLink(page, entry));
    await expectAttachedButHidden(page.getByRole('complementary', { name: 'About this campus', includeHidden: true }));
    await expectAttachedButHidden(page.getByRole('navigation', { name: 'Quick', includeHidden: true }));
    await expectFeedAndFooter(page);
    await expectColumnsApart(page, TABLET.width);
    await saveScreenshot(page, 'shell-ou-1000');
    await context.close();
  });
});
