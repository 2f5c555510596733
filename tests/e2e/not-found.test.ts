import { describe, expect, it } from 'vitest';
import { fetchFeed } from '../support/campus-api.ts';
import { expectImageLoaded, expectVisible, gotoApp, openPage } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

describe('pages that do not exist', () => {
  it('shows the not-found page for an unknown route, and Go To Feed leads to /home', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/this/route/does-not-exist`);
    const logo = page.getByRole('main').getByRole('img', { name: 'OU logo' });
    await expectVisible(logo);
    expect(await logo.getAttribute('src')).toBe('/brand/ou/logo.svg');
    await expectImageLoaded(logo);
    // spec 1 §2 /404 row, word for word (straight apostrophe).
    await expectVisible(page.getByRole('heading', { name: "This page doesn't exist.", exact: true }));
    await expectVisible(page.getByText('Try searching for something else.', { exact: true }));

    await page.getByRole('link', { name: 'Go To Feed', exact: true }).click();
    await page.waitForURL(`${suite.server.origin('ou')}/home`);
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    await context.close();
  });

  it("shows the plain 'Error 404' card at /404", async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/404`);
    await expectVisible(page.getByRole('heading', { name: 'Error 404', exact: true }));
    await context.close();
  });

  it('shows the missing-profile page for an unknown username', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/nobody-by-this-name`);
    // spec 2 §2 Profile: this one has the typographic apostrophe.
    await expectVisible(page.getByRole('heading', { name: 'This page doesn’t exist.', exact: true }));
    const search = page.getByRole('main').getByRole('link', { name: 'Search', exact: true });
    await expectVisible(search);
    expect(await search.getAttribute('href')).toBe('/search');
    await context.close();
  });

  it("shows an existing student's profile at /{username}", async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/home`);
    const { posts } = await fetchFeed(page);
    const author = posts[0]?.author;
    if (!author) throw new Error('the demo feed of ou is empty');
    await gotoApp(page, `${suite.server.origin('ou')}/${author.username}`);
    const name = `${author.firstName} ${author.lastName}`;
    // The heading may carry the verified badge after the name.
    await expectVisible(
      page.getByRole('heading', { level: 1, name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }),
    );
    await expectVisible(page.getByText(`@${author.username}`, { exact: true }));
    expect(await page.getByRole('heading', { name: /exist/ }).count()).toBe(0);
    await context.close();
  });
});
