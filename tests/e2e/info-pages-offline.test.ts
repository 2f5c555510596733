import { INFO_PAGE_TITLES, TERMS_LAST_UPDATED } from '@campus/shared/info-pages';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectVisible, openPage, reloadApp, waitForServiceWorkerControl } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';
import { pageHeading, settingsNav } from '../support/settings-nav.ts';

// This file stops its server mid-test, so it never shares one.
const suite = useServerAndBrowser();

// spec 3 §6: visitors may read the static pages; once visited they open offline too (decision 045).
describe('the information pages with no network', () => {
  it('reload offline from the service worker, and a page not yet opened opens from its precache', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/settings/terms`, DESKTOP);
    await expectVisible(pageHeading(page, INFO_PAGE_TITLES.terms));
    await waitForServiceWorkerControl(page);

    // setOffline alone does not stop the worker's own requests (STACK.md): stop the server too.
    await context.setOffline(true);
    await suite.server.close();

    await reloadApp(page);
    await expectVisible(pageHeading(page, INFO_PAGE_TITLES.terms));
    await expectVisible(page.getByText(`Last updated ${TERMS_LAST_UPDATED}`, { exact: true }));
    // The Privacy Policy's chunk was never fetched by this page: only the worker's precache has it.
    await settingsNav(page).getByRole('link', { name: 'Privacy Policy', exact: true }).click();
    await expectVisible(pageHeading(page, INFO_PAGE_TITLES.privacy));
    expect(await page.locator('#cookies').count()).toBe(1);
    await context.close();
  });
});
