import type { PostDto } from '@campus/shared/post-api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fetchFeed } from '../support/campus-api.ts';
import { signedInPage } from '../support/demo-session.ts';
import { DESKTOP, expectVisible, gotoApp, PHONE, reloadApp, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** A top-level demo post of another student, so the commenter is not its author. */
async function postByMarcus(page: Page): Promise<PostDto> {
  const feed = await fetchFeed(page);
  const post = feed.posts.find((item) => item.author.username === 'marcust' && item.parentId === null);
  if (!post) throw new Error('the demo feed has no post by marcust');
  return post;
}

// spec 2 §2 Composer: /create/post is a modal on desktop and a full page on phones;
// /create/comment/{id} writes a comment ('Post') or a reply ('Reply'). docs/decisions/010.
describe('the composer on ou.localhost', () => {
  it('opens as a dialog over the feed at 1280px, asks before discarding and sends a post', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    await expectVisible(page.getByRole('article').first());
    await page.getByRole('link', { name: 'Create Post' }).click();

    const composer = page.getByRole('dialog', { name: 'Create Post' });
    await expectVisible(composer);
    expect(pathAndQuery(page)).toBe('/create/post?goBack=home');
    // The feed is still there behind the modal, not replaced by a composer page.
    expect(await page.locator('#main .feed article').count()).toBeGreaterThan(0);
    expect(await page.locator('#main .composer').count()).toBe(0);

    await composer.getByLabel('Post text').click();
    const text = 'JBL Flip 5 speaker, teal, barely used. Pick up at Walker.';
    await page.keyboard.type(text);
    await expectVisible(composer.getByText(`${text.length} / 500`, { exact: true }));
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard Post' });
    await expectVisible(discard);
    await saveScreenshot(page, 'composer-modal-discard-1280');
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => discard.count()).toBe(0);
    await expectVisible(composer);
    await saveScreenshot(page, 'composer-modal-1280');

    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await page.waitForURL(`${origin}/home?filter=notify-posted`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectVisible(page.getByText('Your post was sent', { exact: true }));
    await expectVisible(page.getByRole('article').filter({ hasText: text }));
    await context.close();
  });

  it('shows a direct load of /create/post at 1280px over /home and closes without asking when empty', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', DESKTOP);
    await gotoApp(page, `${origin}/create/post`);
    const composer = page.getByRole('dialog', { name: 'Create Post' });
    await expectVisible(composer);
    expect(pathAndQuery(page)).toBe('/create/post');
    await expectVisible(page.locator('#main .feed article').first());
    await composer.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${origin}/home`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('keeps the feed mounted under the modal, closes on Back and follows the window across 769px', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'marcust@ou.edu', DESKTOP);
    const feed = page.locator('#main .feed');
    await expectVisible(feed.getByRole('article').first());
    // A mark on the feed's element survives only if React keeps the same screen under the modal.
    await feed.evaluate((element) => element.setAttribute('data-marked', 'yes'));
    await page.getByRole('link', { name: 'Create Post' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Create Post' }));
    expect(await feed.getAttribute('data-marked')).toBe('yes');

    await page.goBack();
    await page.waitForURL(`${origin}/home`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await feed.getAttribute('data-marked')).toBe('yes');

    await page.getByRole('link', { name: 'Create Post' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Create Post' }));
    await page.setViewportSize(PHONE);
    await expectVisible(page.getByRole('heading', { name: 'Create Post', level: 1 }));
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(pathAndQuery(page)).toBe('/create/post?goBack=home');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectVisible(page.getByRole('dialog', { name: 'Create Post' }));
    expect(pathAndQuery(page)).toBe('/create/post?goBack=home');
    // A reload keeps the modal over the same page (the history entry remembers the page behind).
    await reloadApp(page);
    await expectVisible(page.getByRole('dialog', { name: 'Create Post' }));
    await expectVisible(feed.getByRole('article').first());
    expect(pathAndQuery(page)).toBe('/create/post?goBack=home');
    await context.close();
  });

  it('is a full page at 390px', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'jordanw@ou.edu', PHONE);
    await page.getByRole('link', { name: 'Add post' }).click();
    await page.waitForURL(`${origin}/create/post?goBack=home`);
    await expectVisible(page.getByRole('heading', { name: 'Create Post', level: 1 }));
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('#main .composer').count()).toBe(1);
    await page.getByLabel('Post text').click();
    await page.keyboard.type('Selling my Yamaha keyboard, 61 keys.');
    await saveScreenshot(page, 'composer-page-390');
    await page.getByRole('button', { name: 'Close' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Discard Post' }));
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.waitForURL(`${origin}/home`);
    await context.close();
  });

  it('sends a comment and a reply from /create/comment/{id} at 390px', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'sofiar@ou.edu', PHONE);
    const post = await postByMarcus(page);
    await gotoApp(page, `${origin}/post/${post.id}`);
    const card = page.getByRole('article', { name: "Marcus T.'s post" });
    await card.getByRole('button', { name: /^Comment/ }).click();
    await page.waitForURL(`${origin}/create/comment/${post.id}?goBack=post/${post.id}`);
    await expectVisible(page.getByRole('heading', { name: 'Post', level: 1 }));
    await expectVisible(page.getByRole('figure', { name: 'Answering Marcus T.' }));
    await page.getByLabel('Comment text').click();
    await page.keyboard.type('Would you hold it until Saturday?');
    await saveScreenshot(page, 'composer-comment-390');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.waitForURL(`${origin}/post/${post.id}`);
    await expectVisible(page.locator('.alert', { hasText: 'Your reply was sent' }));
    const comments = page.getByRole('region', { name: 'Comments' });
    const comment = comments.getByRole('listitem').filter({ hasText: 'Would you hold it until Saturday?' }).last();
    await expectVisible(comment);

    await comment.getByRole('button', { name: 'Reply', exact: true }).first().click();
    await page.waitForURL(/\/create\/comment\//);
    await expectVisible(page.getByRole('heading', { name: 'Reply', level: 1 }));
    await expectVisible(page.getByText('Would you hold it until Saturday?', { exact: true }));
    await page.getByLabel('Reply text').click();
    await page.keyboard.type('Never mind, Sunday works better.');
    await saveScreenshot(page, 'composer-reply-390');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.waitForURL(`${origin}/post/${post.id}`);
    await expectVisible(comments.getByText('Never mind, Sunday works better.', { exact: true }));
    // The reply hangs under the comment it answers.
    await expectVisible(comment.getByText('Never mind, Sunday works better.', { exact: true }));
    await context.close();
  });

  it('shows /create/comment/{id} at 1280px as a dialog over the post', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', DESKTOP);
    const post = await postByMarcus(page);
    await gotoApp(page, `${origin}/create/comment/${post.id}`);
    const composer = page.getByRole('dialog', { name: 'Post' });
    await expectVisible(composer);
    await expectVisible(page.locator('#main').getByRole('article', { name: "Marcus T.'s post" }));
    await composer.getByLabel('Comment text').click();
    await page.keyboard.type('Is the price firm?');
    await saveScreenshot(page, 'composer-comment-1280');
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await page.waitForURL(`${origin}/post/${post.id}`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectVisible(
      page.getByRole('region', { name: 'Comments' }).getByText('Is the price firm?', { exact: true }),
    );
    await context.close();
  });
});
