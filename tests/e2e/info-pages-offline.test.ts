import { INFO_PAGE_TITLES, TERMS_LAST_UPDATED } from '@campus/shared/info-pages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectVisible, openPage, reloadApp, waitForServiceWorkerControl } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';
import { pageHeading, settingsNav } from '../support/settings-nav.ts';

// This file stops its server mid-test, so it never shares one.
const suite = useServerAndBrowser();

/** The scripts this document has loaded so far (resource timing: network, HTTP cache or worker). */
function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
}

// spec 3 §6: visitors may read the static pages; once visited they open offline too (decision 045).
describe('the information pages with no network', () => {
  it('reload offline from the service worker, and pages not yet opened open from its precache', async () => {
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
    // A page not shown before, from the same feature's code.
    await settingsNav(page).getByRole('link', { name: 'Privacy Policy', exact: true }).click();
    await expectVisible(pageHeading(page, INFO_PAGE_TITLES.privacy));
    expect(await page.locator('#cookies').count()).toBe(1);
    // A screen whose code this page never fetched: only the worker's precache has it.
    const scriptsBefore = await loadedScripts(page);
    await settingsNav(page).getByRole('link', { name: 'Log In / Sign Up', exact: true }).click();
    await expectVisible(pageHeading(page, 'Log In or Sign Up'));
    const fetchedNow = (await loadedScripts(page)).filter((script) => !scriptsBefore.includes(script));
    expect(fetchedNow.length, 'the sign-up screen came with no script of its own').toBeGreaterThan(0);
    await context.close();
  });
});
