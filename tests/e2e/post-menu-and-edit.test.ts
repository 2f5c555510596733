import { uuidv7 } from '@campus/shared/ids';
import type { PostResponse } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { createPost } from '@campus/sync-server/test/factories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, signIn } from '../support/demo-session.ts';
import {
  DESKTOP,
  expectVisible,
  gotoApp,
  type OpenedPage,
  openPage,
  PHONE,
  reloadApp,
  saveScreenshot,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

/** Writes through the API from inside the page, as the signed-in student, so the journey starts at the post. */
async function writeInPage<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ([url, json]) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      if (!response.ok) throw new Error(`POST ${url}: ${response.status}`);
      return response.json();
    },
    [path, body] as const,
  ) as Promise<T>;
}

async function postAs(opened: OpenedPage, text: string, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await writeInPage<PostResponse>(opened.page, '/api/posts', {
    text: plainTextToRichText(text),
    ...extra,
  });
  return answer.post.id;
}

function menuOf(page: Page) {
  return page.getByRole('menu', { name: 'Post options' });
}

async function openMenu(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Post options' }).first().click();
  await expectVisible(menuOf(page));
}

async function menuEntries(page: Page): Promise<string[]> {
  return (await menuOf(page).getByRole('menuitem').allTextContents()).map((entry) => entry.trim());
}

// spec 2 §2 Post page, §6, §8; the "an owner edits a post's text, price and category ('Edited' shown)".
describe('the post page menu, editing and the thread on ou.localhost', () => {
  it('lets the owner edit text, category and price: "Edited" shows and the values stay after reload', async () => {
    const origin = suite.server.origin('ou');
    const seller = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    const postId = await postAs(seller, 'Mini fridge, works great. Pick up at Walker.', {
      price: 50,
      category: 'household',
    });
    const { page } = seller;
    await gotoApp(page, `${origin}/post/${postId}`);
    const card = page.getByRole('article', { name: "Emily C.'s post" });
    await expectVisible(card.getByText('$50', { exact: true }));

    // The owner's menu: Copy link and Delete, never Send Message (spec 2 §6).
    await openMenu(page);
    // spec 3 §2 Post page: the owner's menu has Boost Post and Delete (decision 043).
    expect(await menuEntries(page)).toEqual(['Copy link', 'Share in a message', 'Boost Post', 'Delete']);
    await saveScreenshot(page, 'post-menu-owner-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => menuOf(page).count()).toBe(0);

    await page.getByRole('button', { name: 'Edit post' }).click();
    const form = page.getByRole('region', { name: 'Edit post' });
    await expectVisible(form);
    await expectVisible(form.getByText('44 / 500', { exact: true }));
    await form.getByLabel('Post text').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Mini fridge with freezer box, works great.');
    await expectVisible(form.getByText('42 / 500', { exact: true }));
    await form.getByLabel('Price ($)').fill('45');
    await form.getByLabel('Category').selectOption('kitchen & dining');
    await expectVisible(page.locator('.alert', { hasText: 'Category switched' }));
    await saveScreenshot(page, 'post-edit-form-1280');
    await form.getByRole('button', { name: 'Save', exact: true }).click();

    for (const check of ['after saving', 'after reload']) {
      if (check === 'after reload') await reloadApp(page);
      await expectVisible(card.getByText('Mini fridge with freezer box, works great.', { exact: true }));
      await expectVisible(card.getByText('Edited', { exact: false }));
      await expectVisible(card.getByText('$45', { exact: true }));
      await expectVisible(card.getByText('kitchen & dining', { exact: false }));
    }
    await saveScreenshot(page, 'post-edited-1280');
    await seller.context.close();
  });

  it('gives another student Copy link and Send Message, and a visitor Copy link only', async () => {
    const origin = suite.server.origin('ou');
    const seller = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    const postId = await postAs(seller, 'Desk lamp, warm light, $10.', { price: 10 });
    await seller.context.close();

    const buyer = await openPage(suite.browser, `${origin}/home`, PHONE);
    await buyer.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await signIn(buyer.page, origin, 'marcust@ou.edu');
    await gotoApp(buyer.page, `${origin}/post/${postId}`);
    await openMenu(buyer.page);
    expect(await menuEntries(buyer.page)).toEqual(['Copy link', 'Send Message', 'Share in a message']);
    const sendMessage = menuOf(buyer.page).getByRole('menuitem', { name: 'Send Message' });
    expect(await sendMessage.getAttribute('href')).toBe('/messages/new?to=emilyc');
    await saveScreenshot(buyer.page, 'post-menu-member-390');
    await menuOf(buyer.page).getByRole('menuitem', { name: 'Copy link' }).click();
    await expectVisible(buyer.page.locator('.alert', { hasText: 'Copied to clipboard' }));
    expect(await buyer.page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/post/${postId}`);

    // Keyboard: Enter opens with the first entry focused, arrows move, Escape closes back onto the button.
    const toggle = buyer.page.getByRole('main').getByRole('button', { name: 'Post options' }).first();
    await toggle.focus();
    await buyer.page.keyboard.press('Enter');
    await expect.poll(() => buyer.page.evaluate(() => document.activeElement?.textContent)).toBe('Copy link');
    await buyer.page.keyboard.press('ArrowDown');
    await expect.poll(() => buyer.page.evaluate(() => document.activeElement?.textContent)).toBe('Send Message');
    await buyer.page.keyboard.press('Escape');
    await expect.poll(() => menuOf(buyer.page).count()).toBe(0);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await buyer.context.close();

    const visitor = await openPage(suite.browser, `${origin}/post/${postId}`);
    await openMenu(visitor.page);
    expect(await menuEntries(visitor.page)).toEqual(['Copy link']);
    await visitor.context.close();
  });

  it('shows an empty thread’s call to comment, and Log In and Join Group to a visitor', async () => {
    const origin = suite.server.origin('ou');
    // At desktop width the post page keeps its inline comment box (phones open /create/comment, decision 010).
    const seller = await signedInPage(suite.browser, origin, 'priyas@ou.edu', DESKTOP);
    const postId = await postAs(seller, 'Organic chemistry textbook, 8th edition.', { price: 30 });
    await gotoApp(seller.page, `${origin}/post/${postId}`);
    const comments = seller.page.getByRole('region', { name: 'Comments' });
    await expectVisible(comments.getByText('Be the first to comment', { exact: true }));
    await comments.getByRole('button', { name: 'Create A Comment' }).click();
    // The comment box takes the focus, whatever kind of field it is.
    await expect
      .poll(() =>
        seller.page.evaluate(() => {
          const active = document.activeElement;
          return Boolean(active?.closest('[aria-label="Comments"]')) && active?.matches('textarea, [contenteditable]');
        }),
      )
      .toBe(true);
    await seller.context.close();

    const visitor = await openPage(suite.browser, `${origin}/post/${postId}`, PHONE);
    const visitorComments = visitor.page.getByRole('region', { name: 'Comments' });
    await expectVisible(visitorComments.getByRole('link', { name: 'Log In' }));
    await expectVisible(visitorComments.getByRole('button', { name: 'Join Group' }));
    await saveScreenshot(visitor.page, 'post-visitor-empty-thread-390');
    await visitorComments.getByRole('button', { name: 'Create A Comment' }).click();
    await expectVisible(visitor.page.getByRole('dialog', { name: 'Comment to join the conversation.' }));
    await visitor.context.close();
  });

  it('folds a comment longer than 200 characters behind See more, and See less folds it again', async () => {
    const origin = suite.server.origin('ou');
    const buyer = await signedInPage(suite.browser, origin, 'jordanw@ou.edu', PHONE);
    const postId = await postAs(buyer, 'Looking for a used keyboard stand.');
    const ending = 'THE LAST WORDS OF A LONG COMMENT';
    const long = `${'I can bring it over tonight if that works for you, I live in the dorms next to the stadium. '.repeat(3)}${ending}`;
    expect(long.length).toBeGreaterThan(200);
    await writeInPage(buyer.page, `/api/posts/${postId}/comments`, { text: plainTextToRichText(long) });
    await gotoApp(buyer.page, `${origin}/post/${postId}`);
    const comments = buyer.page.getByRole('region', { name: 'Comments' });
    const seeMore = comments.getByRole('button', { name: 'See more' });
    await expectVisible(seeMore);
    expect(await comments.getByText(ending).count()).toBe(0);
    await saveScreenshot(buyer.page, 'comment-see-more-390');
    await seeMore.click();
    await expectVisible(comments.getByText(ending, { exact: false }));
    await comments.getByRole('button', { name: 'See less' }).click();
    await expectVisible(comments.getByRole('button', { name: 'See more' }));
    expect(await comments.getByText(ending).count()).toBe(0);
    await buyer.context.close();
  });

  it('shows a "new user" post as a joined message, in the feed and on its page', async () => {
    const origin = suite.server.origin('ou');
    const db = suite.server.server.db;
    const sofia = await db.selectFrom('users').select('id').where('username', '=', 'sofiar').executeTakeFirstOrThrow();
    const id = uuidv7();
    const stored = 'Sofia R. joined the group';
    await createPost(db, { id, user_id: sofia.id, type: 'new user', text_plain: stored });

    const member = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE);
    const joined = member.page.getByRole('article', { name: 'Sofia R. joined OU. Say hi!' });
    await expectVisible(joined);
    expect(await joined.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    await saveScreenshot(member.page, 'joined-card-feed-390');
    await joined.getByRole('button', { name: 'Say hi' }).click();
    await member.page.waitForURL(`${origin}/post/${id}`);
    await expectVisible(member.page.getByRole('article', { name: 'Sofia R. joined OU. Say hi!' }));
    await expectVisible(member.page.getByText('Be the first to comment', { exact: true }));
    await saveScreenshot(member.page, 'joined-card-post-390');
    await member.page.setViewportSize(DESKTOP);
    await gotoApp(member.page, `${origin}/home`);
    await expectVisible(member.page.getByRole('article', { name: 'Sofia R. joined OU. Say hi!' }));
    await saveScreenshot(member.page, 'joined-card-feed-1280');
    await member.context.close();
  });

  it('deletes through the menu after "Delete Post?" and says "Your post was deleted"', async () => {
    const origin = suite.server.origin('ou');
    const seller = await signedInPage(suite.browser, origin, 'sofiar@ou.edu', DESKTOP);
    const postId = await postAs(seller, 'Floor lamp, must go by Friday.', { price: 15 });
    await gotoApp(seller.page, `${origin}/post/${postId}`);
    await openMenu(seller.page);
    await menuOf(seller.page).getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = seller.page.getByRole('dialog', { name: 'Delete Post?' });
    await expectVisible(confirm);
    await saveScreenshot(seller.page, 'post-delete-confirm-1280');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await seller.page.waitForURL(`${origin}/home`);
    await expectVisible(seller.page.locator('.alert', { hasText: 'Your post was deleted' }));
    await gotoApp(seller.page, `${origin}/post/${postId}`);
    await expectVisible(seller.page.getByText('Sorry, that post has been deleted.', { exact: true }));

    // From a card in the feed the same menu deletes, and the card leaves the list at once.
    await postAs(seller, 'Bean bag chair, a bit squashed.');
    await gotoApp(seller.page, `${origin}/home`);
    const card = seller.page.getByRole('article').filter({ hasText: 'Bean bag chair, a bit squashed.' });
    await card.getByRole('button', { name: 'Post options' }).click();
    await card.getByRole('menuitem', { name: 'Delete' }).click();
    await seller.page.getByRole('dialog', { name: 'Delete Post?' }).getByRole('button', { name: 'Delete' }).click();
    await expectVisible(seller.page.locator('.alert', { hasText: 'Your post was deleted' }));
    await expect.poll(() => card.count()).toBe(0);
    expect(seller.page.url()).toBe(`${origin}/home`);
    await seller.context.close();
  });
});
