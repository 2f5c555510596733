import { copyFile, mkdir } from 'node:fs/promises';
import { scaled } from '@campus/shared/time-scale';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/demo-session.ts';
import { DESKTOP, expectVisible, gotoApp, PHONE, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();
const SHOTS = '/work/briefs/shots/shellnav';

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await copyFile(await saveScreenshot(page, name), `${SHOTS}/${name}.png`);
}

/** Emily, signed in on OU at `viewport`; no service worker, so every screen is the server's latest build. */
async function emilyAt(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ page: Page; origin: string; username: string }> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  context.setDefaultTimeout(scaled(10_000));
  const page = await context.newPage();
  const origin = suite.server.origin('ou');
  await signIn(page, origin, 'emilyc@ou.edu');
  const me = (await page.evaluate(() => fetch('/api/auth/me').then((response) => response.json()))) as {
    user: { username: string };
  };
  return { page, origin, username: me.user.username };
}

function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim() ?? '');
}

async function menuEntries(page: Page, name: string): Promise<string[]> {
  const items = page.getByRole('menu', { name }).getByRole('menuitem');
  return (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

// issue 19 item 7: spec 1 §2 "The sidebar profile menu: View Profile, Settings, Manage Ads, Log Out."
describe('the sidebar profile menu and the avatar menu', () => {
  it('opens from the sidebar profile row with the keyboard, moves with the arrows and gives focus back', async () => {
    const { page, origin, username } = await emilyAt(suite.browser);
    const sidebar = page.getByRole('complementary', { name: 'Main' });
    const button = sidebar.getByRole('button', { name: 'Profile menu' });
    await expectVisible(button);
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.focus();
    await page.keyboard.press('Enter');
    const menu = sidebar.getByRole('menu', { name: 'Profile menu' });
    await expectVisible(menu);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menuEntries(page, 'Profile menu')).toEqual(['View Profile', 'Settings', 'Manage Ads', 'Log Out']);
    await expect.poll(() => focusedText(page)).toBe('View Profile');
    await shot(page, 'sidebar-profile-menu-1280');

    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Settings');
    await page.keyboard.press('End');
    expect(await focusedText(page)).toBe('Log Out');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('View Profile');
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toBe('Log Out');
    await page.keyboard.press('Home');
    expect(await focusedText(page)).toBe('View Profile');

    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // Space opens it too; ArrowUp on the closed button opens it at the last entry.
    await page.keyboard.press('Space');
    await expect.poll(() => focusedText(page)).toBe('View Profile');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedText(page)).toBe('Log Out');
    await page.keyboard.press('Escape');

    // Each entry goes where the spec says.
    await button.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${origin}/${username}`);
    await button.click();
    await menu.getByRole('menuitem', { name: 'Manage Ads' }).click();
    await page.waitForURL(`${origin}/ads`);
    await button.click();
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL(new RegExp(`^${origin}/settings`));
    await button.click();
    await menu.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL(`${origin}/logout`);
    await page.context().close();
  });

  it('the header avatar menu lists profile, My Saved, Settings, Manage Ads and Log Out, and closes on a press outside', async () => {
    const { page, origin, username } = await emilyAt(suite.browser);
    const button = page.getByRole('button', { name: 'Account menu' });
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    await button.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedText(page)).toBe('Log Out');
    expect(await menuEntries(page, 'Account')).toEqual([
      'Emily C. See your profile',
      'My Saved',
      'Settings',
      'Manage Ads',
      'Log Out',
    ]);
    await shot(page, 'avatar-menu-1280');
    await page.keyboard.press('Escape');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    await button.click();
    await expectVisible(page.getByRole('menu', { name: 'Account' }));
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect.poll(() => page.getByRole('menu', { name: 'Account' }).count()).toBe(0);

    await button.click();
    await page.getByRole('menuitem', { name: 'My Saved' }).click();
    await page.waitForURL(`${origin}/saved`);
    await button.click();
    await page.getByRole('menuitem', { name: /See your profile/ }).click();
    await page.waitForURL(`${origin}/${username}`);
    await page.context().close();
  });

  it('on a phone the slide-out menu carries the profile row; a choice closes both', async () => {
    const { page, origin } = await emilyAt(suite.browser, PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: 'Profile menu' }).click();
    await expectVisible(drawer.getByRole('menu', { name: 'Profile menu' }));
    await shot(page, 'sidebar-profile-menu-390');
    // Escape closes the profile menu, not the drawer around it.
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.getByRole('menu').count()).toBe(0);
    expect(await drawer.isVisible()).toBe(true);

    await drawer.getByRole('button', { name: 'Profile menu' }).click();
    await drawer.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL(new RegExp(`^${origin}/settings`));
    await expect.poll(() => drawer.count()).toBe(0);

    await gotoApp(page, `${origin}/home`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expectVisible(page.getByRole('menu', { name: 'Account' }));
    await shot(page, 'avatar-menu-390');
    await page.context().close();
  });
});

interface FeedPost {
  id: string;
  author: { firstName: string };
  media: unknown[];
}

/** The first demo post of the OU feed that has photos (the media post variant needs one). */
async function postWithPhotos(page: Page): Promise<FeedPost> {
  const feed = (await page.evaluate(() => fetch('/api/posts/feed').then((response) => response.json()))) as {
    posts: FeedPost[];
  };
  const post = feed.posts.find((candidate) => candidate.media.length > 0);
  if (!post) throw new Error('the demo feed has no post with photos');
  return post;
}

/** The header variant: Back, then the title as the page's only h1. */
async function expectScreenHeader(page: Page, title: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  await expectVisible(heading.filter({ hasText: title }));
  expect(await heading.count()).toBe(1);
  expect((await heading.innerText()).trim()).toBe(title);
  await expectVisible(page.locator('.screen-header').getByRole('button', { name: 'Back', exact: true }));
}

// issue 19 item 6 and spec 1 §2 "Header variants": post, media post, saved, profile, profile edit, liked by.
describe('the header variants', () => {
  it.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ])('each screen has Back and its title at %s px', async (width, viewport) => {
    const { page, origin, username } = await emilyAt(suite.browser, viewport);
    const post = await postWithPhotos(page);
    const variants: [string, string, string][] = [
      ['post', `/post/${post.id}`, `${post.author.firstName}'s post`],
      ['media-post', `/media/${post.id}`, `${post.author.firstName}'s post`],
      ['saved', '/saved', 'Saved'],
      ['profile', `/${username}`, 'Emily C.'],
      ['profile-edit', '/profile/edit', 'Edit Profile'],
      ['liked-by', `/post/${post.id}/likes`, 'Saved by'],
    ];
    for (const [name, path, title] of variants) {
      // Opened from /home inside the app: Back returns there.
      await gotoApp(page, `${origin}/home`);
      await expectVisible(page.getByRole('article').first());
      await page.evaluate((to) => {
        window.history.pushState({ idx: 1, key: 'from-home', usr: null }, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, path);
      await expectScreenHeader(page, title);
      await shot(page, `header-${name}-${width}`);
      await page.locator('.screen-header').getByRole('button', { name: 'Back', exact: true }).click();
      await page.waitForURL(`${origin}/home`);
    }
    await page.context().close();
  });

  it('the profile header counts posts, and Back on a screen the tab opened on goes to its parent', async () => {
    const { page, origin, username } = await emilyAt(suite.browser);
    await gotoApp(page, `${origin}/${username}`);
    await expectVisible(page.locator('.screen-header').getByText(/^\d+ posts?$/));
    await gotoApp(page, `${origin}/profile/edit`);
    await expectScreenHeader(page, 'Edit Profile');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(`${origin}/${username}`);
    const post = await postWithPhotos(page);
    await gotoApp(page, `${origin}/post/${post.id}/likes`);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(`${origin}/post/${post.id}`);
    await gotoApp(page, `${origin}/media/${post.id}`);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(`${origin}/media`);
    await page.context().close();
  });
});

// issue 19 item 7: /create/categories (spec 1 §2 "Protected. Screen not shown."; spec 2 §2 "Category picker").
describe('/create/categories', () => {
  it('on a phone, the composer opens it; a choice is written into the draft and the composer comes back', async () => {
    const { page, origin } = await emilyAt(suite.browser, PHONE);
    await page.getByRole('link', { name: 'Add post' }).click();
    await page.waitForURL(`${origin}/create/post?goBack=home`);
    await page.getByLabel('Post text').click();
    await page.keyboard.type('Desk lamp with a USB port.');
    await page.getByRole('link', { name: 'See all categories' }).click();
    await page.waitForURL(`${origin}/create/categories?goBack=home`);
    await expectScreenHeader(page, 'Category');
    const choices = page.getByRole('region', { name: 'Category' }).getByRole('button');
    expect(await choices.count()).toBe(32);
    expect(await choices.first().innerText()).toBe('Audio & speakers');
    await shot(page, 'create-categories-390');

    await page.getByRole('button', { name: 'Home decor' }).click();
    await expectVisible(page.getByText('Category switched'));
    await page.waitForURL(`${origin}/create/post?goBack=home`);
    expect(await page.getByLabel('Category').inputValue()).toBe('home decor');
    await expectVisible(page.getByText('Desk lamp with a USB port.'));

    // The picker marks the category the draft has.
    await page.getByRole('link', { name: 'See all categories' }).click();
    expect(await page.getByRole('button', { name: 'Home decor' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(`${origin}/create/post?goBack=home`);
    await page.context().close();
  });

  it('opened by its address on a laptop, a choice opens the composer over the feed with it', async () => {
    const { page, origin } = await emilyAt(suite.browser);
    await gotoApp(page, `${origin}/create/categories`);
    await expectScreenHeader(page, 'Category');
    await shot(page, 'create-categories-1280');
    await page.getByRole('button', { name: 'Tickets' }).click();
    const composer = page.getByRole('dialog', { name: 'Create Post' });
    await expectVisible(composer);
    expect(await composer.getByLabel('Category').inputValue()).toBe('tickets');
    await page.context().close();
  });

  it('sends a visitor away like every private route', async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    const page = await context.newPage();
    const origin = suite.server.origin('ou');
    await gotoApp(page, `${origin}/create/categories`);
    await page.waitForURL(`${origin}/home`);
    await context.close();
  });
});
