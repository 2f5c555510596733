import { scaled } from '@campus/shared/time-scale';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fetchCampus } from '../support/campus-api.ts';
import { signedInPage } from '../support/demo-session.ts';
import { DESKTOP, expectVisible, gotoApp, openPage, PHONE, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

function gateHeading(page: Page) {
  return page.getByRole('heading', { name: 'This community is private' });
}

// spec 2 §1, §2 Media tab, §6; docs/decisions/012-private-campus.md.
describe('the private-campus gate on the Photos tab', () => {
  it('shows a visitor "This community is private" on /media and /media/{id}; Click to Join opens the join modal', async () => {
    const origin = suite.server.origin('ou');
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { context, page } = await openPage(suite.browser, `${origin}/media`, viewport);
      await expectVisible(gateHeading(page));
      expect(await page.locator('main a[href^="/media/"]').count()).toBe(0);
      await saveScreenshot(page, `private-campus-gate-${width}`);
      await page.getByRole('button', { name: 'Click to Join' }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Join Your Campus' }));
      await context.close();
    }

    const { context, page } = await openPage(suite.browser, `${origin}/home`);
    await expectVisible(page.getByRole('article').first());
    const postHref = await page.getByRole('article').first().locator('a.post-card__meta').getAttribute('href');
    const postId = postHref?.split('/').pop() ?? '';
    expect(postId).not.toBe('');
    await gotoApp(page, `${origin}/media/${postId}`);
    await expectVisible(gateHeading(page));
    expect(await page.getByRole('heading', { name: 'More posts' }).count()).toBe(0);
    await context.close();
  });

  it('shows the gate when the server answers private_campus, whatever the client guessed', async () => {
    const origin = suite.server.origin('ou');
    // Workers blocked, so the page's own requests meet the route below.
    const context = await suite.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    context.setDefaultTimeout(scaled(10_000));
    const page = await context.newPage();
    await gotoApp(page, `${origin}/about`);
    const campus = await fetchCampus(page);
    expect(campus.privacy).toBe('private');
    // The client is told OU is public, so only the server's 403 can show the gate.
    await context.route('**/api/campus', (route) => route.fulfill({ json: { ...campus, privacy: 'public' } }));
    const refusal = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/posts/media');
    await gotoApp(page, `${origin}/media`);
    const response = await refusal;
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ errors: [{ code: 'private_campus', msg: 'This community is private' }] });
    await expectVisible(gateHeading(page));
    await context.close();
  });

  it('lets a school-verified student of another campus see the grid as a guest (spec 2 §6)', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'diegom@utexas.edu', DESKTOP);
    await gotoApp(page, `${origin}/media`);
    const tiles = page.locator('main a[href^="/media/"]');
    await expect.poll(() => tiles.count()).toBeGreaterThan(3);
    expect(await gateHeading(page).count()).toBe(0);
    await context.close();
  });

  it('leaves the public generic site open to visitors', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('campus')}/media`, PHONE);
    await expectVisible(page.getByRole('heading', { name: 'No photos yet' }));
    expect(await gateHeading(page).count()).toBe(0);
    await context.close();
  });
});
