import { describe, expect, it } from 'vitest';
import { DESKTOP, expectVisible, openPage, PHONE, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

// spec 1 §1 and §2 "Shell": the generic 'Campus' site has a reduced sidebar and a 'Contact Us' card.
describe('the generic campus site', () => {
  it('shows the reduced sidebar and Contact Us at 1280px', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('campus')}/home`, DESKTOP);
    await expect.poll(() => page.title()).toBe('Campus Buy / Sell');
    const sidebarNav = page.getByRole('complementary', { name: 'Main' }).getByRole('navigation');
    const links = sidebarNav.getByRole('link');
    await expectVisible(links.first());
    expect(await links.allInnerTexts()).toEqual(['Home', 'Search', 'Settings']);
    expect(await sidebarNav.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search_schools');
    expect(await sidebarNav.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');

    const contactCard = page.getByRole('region', { name: 'Contact Us' });
    await expectVisible(contactCard);
    const mailLink = contactCard.getByRole('link', { name: /@/ });
    await expectVisible(mailLink);
    expect(await mailLink.getAttribute('href')).toMatch(/^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(await page.getByRole('region', { name: 'About This Group', includeHidden: true }).count()).toBe(0);
    await saveScreenshot(page, 'generic-campus-1280');
    await context.close();
  });

  it('has no bottom bar at 390px', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.origin('campus')}/home`, PHONE);
    await expect.poll(() => page.title()).toBe('Campus Buy / Sell');
    // The shell is up (its menu button shows at this width) before we look for what must be absent.
    await expectVisible(page.getByRole('button', { name: 'Open menu' }));
    expect(await page.getByRole('navigation', { name: 'Quick', includeHidden: true }).count()).toBe(0);
    await saveScreenshot(page, 'generic-campus-390');
    await context.close();
  });
});
