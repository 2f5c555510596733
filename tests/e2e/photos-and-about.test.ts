import { describe, expect, it } from 'vitest';
import { expectVisible, openPage, PHONE } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

// spec 2 §2 Media tab and About tab.
describe('the Photos and About tabs', () => {
  it('shows photo posts in a three-column grid that opens a post with More posts', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/login?email=emilyc@ou.edu`);
    await page.getByLabel('Password').fill('campus-demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${origin}/home`);
    await page.getByRole('link', { name: 'Photos' }).click();
    await page.waitForURL(`${origin}/media`);
    const tiles = page.locator('main a[href^="/media/"]');
    await expect.poll(() => tiles.count()).toBeGreaterThan(3);
    const columns = await page
      .locator('main a[href^="/media/"]')
      .evaluateAll(
        (links) => new Set(links.slice(0, 6).map((link) => Math.round(link.getBoundingClientRect().left))).size,
      );
    expect(columns).toBe(3);
    await tiles.first().click();
    await page.waitForURL(/\/media\/[^/]+$/);
    await expectVisible(page.getByRole('article').first());
    await expectVisible(page.getByRole('heading', { name: 'More posts' }));
    await context.close();
  });

  it("counts the campus's activity and lists new members for a visitor", async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('ou')}/about`, PHONE);
    await expectVisible(page.getByRole('heading', { name: 'New to the group' }));
    await expectVisible(page.getByText('Members', { exact: true }));
    await expectVisible(page.getByText('Posts in the last 7 days', { exact: true }));
    await context.close();
  });
});
