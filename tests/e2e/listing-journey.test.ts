import { scaled } from '@campus/shared/time-scale';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../support/demo-session.ts';
import { DESKTOP, expectVisible, gotoApp, PHONE, reloadApp, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

async function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

// issue 4 "Done when": a listing's life from posting to deletion, by two demo students.
describe('a listing on ou.localhost', () => {
  it('is posted with three photos, commented, replied to, saved, sold, repriced and deleted', async () => {
    const origin = suite.server.origin('ou');
    const seller = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    await seller.page.getByRole('link', { name: 'Create Post' }).click();
    await seller.page.getByLabel('Post text').click();
    await seller.page.keyboard.type('Desk chair, adjustable, like new. Pick up near Couch.');
    await seller.page.getByLabel('Price ($)').fill('35');
    await seller.page.getByLabel('Category').selectOption('furniture');
    await seller.page.locator('input[type=file][multiple]').setInputFiles([
      { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await photo('#b03a2e') },
      { name: 'b.jpg', mimeType: 'image/jpeg', buffer: await photo('#2e86c1') },
      { name: 'c.jpg', mimeType: 'image/jpeg', buffer: await photo('#28b463') },
    ]);
    await expect
      .poll(() => seller.page.getByRole('list', { name: 'Photos' }).getByRole('img').count(), {
        timeout: scaled(20_000),
      })
      .toBe(3);
    await seller.page.getByRole('button', { name: 'Post', exact: true }).click();
    await seller.page.waitForURL(`${origin}/home?filter=notify-posted`);
    await expectVisible(seller.page.getByText('Your post was sent', { exact: true }));
    const listing = seller.page.getByRole('article').filter({ hasText: 'Desk chair, adjustable' });
    await expectVisible(listing);
    expect(await listing.getByRole('img').count()).toBeGreaterThanOrEqual(3);
    // The time under the author's name opens the post, as in Marketplace.
    await listing.locator('a.post-card__meta').click();
    await seller.page.waitForURL(/\/post\//);
    const postUrl = `${origin}${new URL(seller.page.url()).pathname}`;
    expect(postUrl).toMatch(/\/post\//);

    const buyer = await signedInPage(suite.browser, origin, 'marcust@ou.edu', PHONE);
    await gotoApp(buyer.page, postUrl);
    await buyer.page.getByLabel('Write a comment…').fill('Is it still available?');
    await buyer.page
      .getByRole('region', { name: 'Comments' })
      .getByRole('button', { name: 'Comment', exact: true })
      .click();
    await expectVisible(buyer.page.getByText('Is it still available?'));
    await buyer.page.getByRole('button', { name: /^Save/ }).click();
    await expectVisible(buyer.page.getByRole('button', { name: /^Saved!/ }));
    await saveScreenshot(buyer.page, 'listing-post-390');

    await reloadApp(seller.page);
    await seller.page.getByRole('button', { name: 'Reply' }).first().click();
    await seller.page.getByLabel('Reply to Marcus').fill('Yes! Tomorrow after 3?');
    await seller.page.getByRole('button', { name: 'Reply', exact: true }).last().click();
    await expectVisible(seller.page.getByText('Yes! Tomorrow after 3?'));
    await seller.page.getByRole('button', { name: 'Mark Sold' }).click();
    await expectVisible(seller.page.getByText('Sold', { exact: true }));
    await seller.page.getByRole('button', { name: 'Edit post' }).click();
    await seller.page.getByLabel('Price ($)').fill('30');
    await seller.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectVisible(seller.page.getByText('Edited', { exact: false }));
    await seller.page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expectVisible(seller.page.locator('.alert', { hasText: 'Comment Removed' }));
    await saveScreenshot(seller.page, 'listing-post-1280');
    await seller.page.getByRole('button', { name: 'Post options' }).click();
    await seller.page.getByRole('menuitem', { name: 'Delete' }).click();
    await seller.page.getByRole('dialog', { name: 'Delete Post?' }).getByRole('button', { name: 'Delete' }).click();
    await seller.page.waitForURL(`${origin}/home`);
    await reloadApp(buyer.page);
    await expectVisible(buyer.page.getByText('Sorry, that post has been deleted.'));
    await seller.context.close();
    await buyer.context.close();
  });
});
