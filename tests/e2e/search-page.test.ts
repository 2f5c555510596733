import { SEARCH_DEVICE_NOTE } from '@campus/shared/search-api';
import { scaled } from '@campus/shared/time-scale';
import { createPost } from '@campus/sync-server/test/factories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signedInPage } from '../support/demo-session.ts';
import {
  DESKTOP,
  expectText,
  expectVisible,
  gotoApp,
  openPage,
  PHONE,
  reloadApp,
  saveScreenshot,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';
import { seedBikes } from '../support/search-bikes.ts';

const suite = useServerAndBrowser();

/** Twelve 'Lava lamp' listings with a photo each: more than one page of 10 (spec 2 §4). */
async function seedLavaLamps(): Promise<void> {
  const db = suite.server.server.db;
  const marcus = await db.selectFrom('users').select('id').where('username', '=', 'marcust').executeTakeFirstOrThrow();
  // A photo the demo seed made, so the tiles show a real picture.
  const photo = await db
    .selectFrom('post_media')
    .select(['path', 'thumb_path', 'width', 'height', 'placeholder'])
    .where('kind', '=', 'image')
    .executeTakeFirstOrThrow();
  for (let index = 1; index <= 12; index++) {
    const at = new Date(Date.now() - index * 60_000).toISOString();
    const post = await createPost(db, {
      user_id: marcus.id,
      text_plain: `Lava lamp number ${index}, glows purple. Great for a dorm.`,
      category: 'home decor',
      price: 10 + index,
      img_count: 1,
      created_at: at,
      last_modified: at,
    });
    await db
      .insertInto('post_media')
      .values({ id: `${post.id}-m`, post_id: post.id, kind: 'image', position: 0, created_at: at, ...photo })
      .execute();
  }
}

function results(page: Page) {
  return page.getByRole('main').getByRole('article');
}

function searchField(page: Page) {
  return page.getByRole('searchbox', { name: 'Search posts and people' });
}

// Issue 22 "/search" and "Filters"; spec 2 §2 Search page, §4 paging; decision 037.
describe('the search page on ou.localhost', () => {
  it("says 'Start typing to search…' with no popular searches, then counts a search and links it", async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    await gotoApp(page, `${origin}/search`);
    await expectVisible(page.getByText('Start typing to search…', { exact: true }));
    expect(await page.getByRole('heading', { name: 'Popular searches' }).count()).toBe(0);

    // An empty query is ignored; Enter with words searches.
    await searchField(page).fill('   ');
    await searchField(page).press('Enter');
    expect(new URL(page.url()).search).toBe('');
    const counted = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/search/popular' && response.request().method() === 'POST',
    );
    await searchField(page).fill('bike');
    await searchField(page).press('Enter');
    await page.waitForURL(`${origin}/search?q=bike`);
    expect(await (await counted).json()).toEqual({ isCounted: true });
    await expectVisible(results(page).filter({ hasText: 'Trek FX 2 hybrid bike' }));
    // A tab keeps q: it is not counted again (issue 22: once per search, never per keystroke or tab).
    let countsAfter = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/search/popular') countsAfter++;
    });
    const media = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/search');
    await page.getByRole('navigation', { name: 'Search results' }).getByRole('link', { name: 'Media' }).click();
    await page.waitForURL(`${origin}/search?q=bike&show=media`);
    await media;
    expect(countsAfter).toBe(0);

    await gotoApp(page, `${origin}/search`);
    const popular = page.getByRole('region', { name: 'Popular searches' });
    const bike = popular.getByRole('link', { name: 'bike', exact: true });
    await expectVisible(bike);
    expect(await bike.getAttribute('href')).toBe('/search?q=bike');
    await saveScreenshot(page, 'search-popular-1280');
    await bike.click();
    await page.waitForURL(`${origin}/search?q=bike`);
    await expectVisible(results(page).first());
    expect(await searchField(page).inputValue()).toBe('bike');

    // spec 2 §2: Back returns to the search page it came from, and from there (opened directly) to /home.
    await page.getByRole('main').getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${origin}/search`);
    await page.getByRole('main').getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${origin}/home`);
    await context.close();
  });

  it("finds posts on Latest 10 at a time to 'You've reached the end.', then Media and People", async () => {
    await seedLavaLamps();
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', DESKTOP);
    await gotoApp(page, `${origin}/search?q=lava`);
    await expectVisible(results(page).first());
    await expectVisible(results(page).first().filter({ hasText: 'Lava lamp number 1,' }));
    await expect.poll(() => results(page).count()).toBeGreaterThanOrEqual(10);
    await page.mouse.wheel(0, 20_000);
    await expectVisible(page.getByText("You've reached the end.", { exact: true }));
    expect(await results(page).count()).toBe(12);
    await saveScreenshot(page, 'search-latest-1280');

    const tabs = page.getByRole('navigation', { name: 'Search results' });
    await tabs.getByRole('link', { name: 'Media' }).click();
    await page.waitForURL(`${origin}/search?q=lava&show=media`);
    const grid = page.getByRole('list', { name: 'Photos and videos for "lava"' });
    await expect.poll(() => grid.getByRole('link').count()).toBe(10);
    const more = grid.getByRole('button', { name: 'Click To Load More..' });
    await expectVisible(more);
    await saveScreenshot(page, 'search-media-1280');
    await more.click();
    await expect.poll(() => grid.getByRole('link').count()).toBe(12);
    expect(await more.count()).toBe(0);
    await expectVisible(page.getByText("You've reached the end.", { exact: true }));
    // The filters are for posts: Media has them, People does not.
    expect(await page.getByRole('group', { name: 'Filters' }).count()).toBe(1);

    await searchField(page).fill('marcus');
    await searchField(page).press('Enter');
    await page.waitForURL(`${origin}/search?q=marcus&show=media`);
    await tabs.getByRole('link', { name: 'People' }).click();
    await page.waitForURL(`${origin}/search?q=marcus&show=people`);
    const marcus = page.getByRole('list', { name: 'People for "marcus"' }).getByRole('link', { name: /Marcus T\./ });
    await expectVisible(marcus);
    await expectText(marcus.locator('.liker__username'), '@marcust');
    expect(await page.getByRole('group', { name: 'Filters' }).count()).toBe(0);
    await saveScreenshot(page, 'search-people-1280');
    await marcus.click();
    await page.waitForURL(`${origin}/marcust`);
    await context.close();
  });

  it('names what found nothing on each tab', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', PHONE);
    for (const [show, title] of [
      ['latest', 'No results for "zebra"'],
      ['media', 'No photos or videos for "zebra"'],
      ['people', 'No one found for "zebra"'],
    ] as const) {
      await gotoApp(page, `${origin}/search?q=zebra&show=${show}`);
      const empty = page.getByRole('heading', { name: title });
      await expectVisible(empty);
      await expectVisible(page.getByText('Try searching for something else', { exact: true }));
    }
    await saveScreenshot(page, 'search-no-one-390');
    await context.close();
  });

  it('filters to under $300 and available only on a phone, and keeps the filters over a reload', async () => {
    await seedBikes(suite.server);
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', PHONE);
    await gotoApp(page, `${origin}/search?q=bike`);
    const bikes = results(page);
    await expectVisible(bikes.filter({ hasText: 'Cannondale road bike' }));
    await expectVisible(bikes.filter({ hasText: 'Schwinn cruiser bike' }));
    await expectVisible(bikes.filter({ hasText: 'Trek FX 2 hybrid bike' }));

    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expectVisible(sheet);
    await sheet.getByLabel('Highest price ($)').fill('300');
    const availableOnly = sheet.getByRole('switch', { name: 'Available only' });
    await availableOnly.click();
    await expect.poll(() => availableOnly.isChecked()).toBe(true);
    await saveScreenshot(page, 'search-filters-sheet-390');
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await page.waitForURL(`${origin}/search?q=bike&maxPrice=300&available=true`);
    await expect.poll(() => bikes.count()).toBe(1);
    await expectVisible(bikes.filter({ hasText: 'Trek FX 2 hybrid bike' }));
    await expectVisible(page.getByRole('button', { name: 'Filters (2)' }));
    await saveScreenshot(page, 'search-filtered-390');

    await reloadApp(page);
    await expectVisible(bikes.filter({ hasText: 'Trek FX 2 hybrid bike' }));
    await expect.poll(() => bikes.count()).toBe(1);
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    expect(await page.getByRole('dialog', { name: 'Filters' }).getByLabel('Highest price ($)').inputValue()).toBe(
      '300',
    );
    await context.close();
  });

  it("says the shared rule's words for a price range upside down, and sorts by price on a desktop", async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', DESKTOP);
    await gotoApp(page, `${origin}/search?q=bike`);
    const filters = page.getByRole('group', { name: 'Filters' });
    await filters.getByLabel('Sort by').selectOption('price-desc');
    await page.waitForURL(`${origin}/search?q=bike&sort=price-desc`);
    await expectVisible(results(page).first().filter({ hasText: 'Cannondale road bike' }));
    await filters.getByLabel('Lowest price ($)').fill('500');
    await filters.getByLabel('Highest price ($)').fill('100');
    await filters.getByLabel('Highest price ($)').press('Enter');
    await expectVisible(page.getByRole('alert').filter({ hasText: 'The lowest price must not be above the highest.' }));
    expect(await results(page).count()).toBe(0);
    await context.close();
  });

  it('puts the filters in a sheet up to 769px and above the results past it, at 480, 769, 1000 and 1170px', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', DESKTOP);
    for (const width of [480, 769, 1000, 1170, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoApp(page, `${origin}/search?q=bike&maxPrice=300`);
      await expectVisible(results(page).first());
      const isPhone = width <= 769;
      await expect.poll(() => page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(isPhone);
      expect(await page.getByRole('group', { name: 'Filters' }).isVisible()).toBe(!isPhone);
      // spec 2 §2's display-only widget lives in the right sidebar, shown above 1170px (spec 1 §2).
      expect(await page.getByRole('heading', { name: 'Search filters' }).isVisible()).toBe(width > 1170);
      await saveScreenshot(page, `search-filters-${width}`);
      await gotoApp(page, `${origin}/search?q=lava&show=media`);
      await expectVisible(page.getByRole('button', { name: 'Click To Load More..' }));
      await saveScreenshot(page, `search-media-${width}`);
    }
    await context.close();
  });

  it("gives a visitor the auth modal 'Start searching.' and no results", async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/search?q=bike`, PHONE);
    await expectVisible(page.getByRole('dialog', { name: 'Start searching.' }));
    expect(await results(page).count()).toBe(0);
    await saveScreenshot(page, 'search-visitor-390');
    await context.close();
  });

  it('sends a student without a school e-mail to the school e-mail settings', async () => {
    const origin = suite.server.origin('ou');
    await suite.server.server.db
      .updateTable('users')
      .set({ school_verified: 0 })
      .where('username', '=', 'sofiar')
      .execute();
    const { context, page } = await openPage(suite.browser, `${origin}/login?email=sofiar%40ou.edu`, PHONE);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/settings\/account\/school_email|\/home/);
    await gotoApp(page, `${origin}/search?q=bike`);
    await page.waitForURL(`${origin}/settings/account/school_email`);
    await context.close();
  });

  it('searches what the device holds when the search cannot reach the server, and says so', async () => {
    const origin = suite.server.origin('ou');
    const context = await suite.browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
    context.setDefaultTimeout(scaled(10_000));
    const page = await context.newPage();
    await gotoApp(page, `${origin}/login?email=priyas%40ou.edu`);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${origin}/home`);
    // The feed she saw is kept on the device. This wait failed once in a full run (CI, 2026-11-29)
    // and never alone: if it fails again, the message says what the page showed instead.
    await expectVisible(results(page).filter({ hasText: 'Trek FX 2 hybrid bike' })).catch(async (error: unknown) => {
      const shown = (await results(page).allInnerTexts()).map((text) => text.slice(0, 40));
      throw new Error(`no Trek on ${page.url()}; ${shown.length} cards: ${JSON.stringify(shown)}`, { cause: error });
    });
    await context.route(
      (url) => url.pathname === '/api/search',
      (route) => route.abort('internetdisconnected'),
    );
    await gotoApp(page, `${origin}/search?q=bike`);
    await expectVisible(page.getByText(SEARCH_DEVICE_NOTE, { exact: true }));
    await expectVisible(results(page).filter({ hasText: 'Trek FX 2 hybrid bike' }));
    await context.close();
  });
});
