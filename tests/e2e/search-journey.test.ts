import { SEARCH_BOX_TEXT, SEARCH_DEVICE_NOTE } from '@campus/shared/search-api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../support/demo-session.ts';
import { expectVisible, gotoApp, PHONE, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';
import { seedBikes } from '../support/search-bikes.ts';

const suite = useServerAndBrowser();

function headerBox(page: Page) {
  return page.getByRole('combobox', { name: SEARCH_BOX_TEXT.placeholder('OU') });
}

function results(page: Page) {
  return page.getByRole('main').getByRole('article');
}

// Issue 22, done when: "type 'bik' in the header on OU, pick the suggestion, filter to under $300 and
// available only, open the bike; go offline and find it again" (decisions 037, 038, 039).
describe('finding a bike on OU, online and then offline', () => {
  it("finds the Trek from 'bik' in the header, filters it, opens it, and finds it again with no network", async () => {
    await seedBikes(suite.server);
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE, { controlled: true });
    // The feed she scrolled is on the device.
    await expectVisible(results(page).filter({ hasText: 'Trek FX 2 hybrid bike' }));

    // Type 'bik' in the header and pick the bike's suggestion.
    await headerBox(page).fill('bik');
    const suggestion = page
      .getByRole('listbox', { name: 'Search suggestions' })
      .getByRole('group', { name: 'Suggestions' })
      .getByRole('option')
      .filter({ hasText: 'Trek FX 2 hybrid bike' });
    await expectVisible(suggestion);
    await suggestion.click();
    await page.waitForURL((url) => url.pathname === '/search');
    const searched = new URL(page.url()).searchParams.get('q') ?? '';
    expect(searched).toMatch(/^Trek FX 2 hybrid bike/);

    // Under $300 and available only, from the phone's filter sheet; the filters live in the address.
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByLabel('Highest price ($)').fill('300');
    await sheet.getByRole('switch', { name: 'Available only' }).click();
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('maxPrice') === '300' && url.searchParams.get('available') === 'true',
    );
    const trek = results(page).filter({ hasText: 'Trek FX 2 hybrid bike' });
    await expectVisible(trek);
    await expect.poll(() => results(page).count()).toBe(1);
    await saveScreenshot(page, 'search-journey-filtered-390');

    // Open the bike.
    await trek.getByText('Trek FX 2 hybrid bike', { exact: false }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/post/'));
    const postPath = new URL(page.url()).pathname;
    await expectVisible(page.getByText('$240', { exact: true }).first());

    // No network: the same search runs on the device, says so, and opens the bike again.
    await context.setOffline(true);
    await gotoApp(page, `${origin}/home`);
    await headerBox(page).fill('bike');
    await headerBox(page).press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'bike');
    await expectVisible(page.getByText(SEARCH_DEVICE_NOTE, { exact: true }));
    await expectVisible(results(page).filter({ hasText: 'Trek FX 2 hybrid bike' }));
    await page.getByRole('button', { name: 'Filters' }).click();
    await sheet.getByLabel('Highest price ($)').fill('300');
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await expectVisible(results(page).filter({ hasText: 'Trek FX 2 hybrid bike' }));
    await expect.poll(() => results(page).filter({ hasText: 'Cannondale road bike' }).count()).toBe(0);
    await saveScreenshot(page, 'search-journey-offline-390');
    await results(page)
      .filter({ hasText: 'Trek FX 2 hybrid bike' })
      .getByText('Trek FX 2 hybrid bike', { exact: false })
      .click();
    await page.waitForURL(`${origin}${postPath}`);
    await expectVisible(page.getByText('$240', { exact: true }).first());
    await context.close();
  });
});
