import { describe, expect, it } from 'vitest';
import { signedInPage } from '../support/demo-session.ts';
import { DESKTOP, expectVisible } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

// issue 19 item 1: '45.99' was published as $4,599. Prices are whole dollars (spec 2 §5, decision 022).
describe('the price a student types on ou.localhost', () => {
  it('refuses 45.99 with a message, publishes 1,200 as $1,200 and reprices to $45.00 as $45', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    await page.getByRole('link', { name: 'Create Post' }).click();
    const composer = page.getByRole('dialog', { name: 'Create Post' });
    await composer.getByLabel('Post text').click();
    await page.keyboard.type('Mini fridge, works great, 3.2 cu ft.');

    await composer.getByLabel('Price ($)').fill('45.99');
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await expectVisible(composer.getByRole('alert').filter({ hasText: 'Enter a whole-dollar price, like 45.' }));
    expect(new URL(page.url()).pathname).toBe('/create/post');

    await composer.getByLabel('Price ($)').fill('1,200');
    await expect.poll(() => composer.getByText('Enter a whole-dollar price', { exact: false }).count()).toBe(0);
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await page.waitForURL(`${origin}/home?filter=notify-posted`);
    const listing = page.getByRole('article').filter({ hasText: 'Mini fridge, works great' });
    await expectVisible(listing.locator('.price-tag', { hasText: '$1,200' }));

    await listing.locator('a.post-card__meta').click();
    await page.waitForURL(/\/post\//);
    await page.getByRole('button', { name: 'Edit post' }).click();
    await page.getByLabel('Price ($)').fill('12.5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Enter a whole-dollar price, like 45.' }));
    await page.getByLabel('Price ($)').fill('$45.00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectVisible(page.locator('.price-tag', { hasText: /^\$45$/ }));
    await context.close();
  });
});
