import { copyFile, mkdir } from 'node:fs/promises';
import type { PostResponse } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { scaled } from '@campus/shared/time-scale';
import type { Browser, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/demo-session.ts';
import {
  DESKTOP,
  expectVisible,
  PHONE,
  reloadApp,
  saveScreenshot,
  waitForFirstScreenSwap,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();
const SHOTS = '/tmp/shots-postpage';
const TIME_ZONE = 'America/Chicago';

/** A fresh context in a fixed time zone; no service worker, so page.route sees every API call. */
async function open(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: TIME_ZONE, serviceWorkers: 'block' });
  context.setDefaultTimeout(scaled(10_000));
  return context.newPage();
}

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await copyFile(await saveScreenshot(page, name), `${SHOTS}/${name}.png`);
}

/** Holds the API answers matching `pattern` until release() is called: a very slow network for them alone. */
async function holdRoute(page: Page, pattern: string | RegExp) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route: Route) => {
    await gate;
    await route.continue();
  });
  // The route stays: once released it lets every call through at once.
  return release;
}

async function postAs(page: Page, text: string): Promise<PostResponse['post']> {
  const answer = (await page.evaluate(
    async (body) => {
      const response = await fetch('/api/posts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.json();
    },
    {
      text: plainTextToRichText(text),
      price: 40,
    },
  )) as PostResponse;
  return answer.post;
}

/**
 * The post as the server wrote it into the HTML (decision 049), shown while the app's own request
 * for it is still on its way: the student reads the post at once, with no skeleton first.
 */
async function expectWrittenPost(page: Page, text: string): Promise<void> {
  const written = page.locator('#first-screen');
  await expectVisible(written.getByRole('heading', { name: "Emily's post", level: 1 }));
  await expectVisible(written.getByRole('article').getByText(text));
  expect(await page.getByLabel('Loading post').isVisible()).toBe(false);
}

// issue 19 item 6: the post page is reachable from the card's text and says whose post, when and where.
describe('the post page on ou.localhost', () => {
  it('opens from a tap on the card text or Enter, shows the header, date, time and campus tag, and goes back', async () => {
    const origin = suite.server.origin('ou');
    const page = await open(suite.browser);
    await signIn(page, origin, 'emilyc@ou.edu');
    const post = await postAs(page, 'Standing lamp, warm light, barely used.');
    await reloadApp(page);
    const card = page.getByRole('article', { name: "Emily C.'s post" }).filter({ hasText: 'Standing lamp' });
    await expectVisible(card);

    // Buttons and menus inside the card keep their own job.
    await card.getByRole('button', { name: 'Post options' }).click();
    await expectVisible(page.getByRole('menu', { name: 'Post options' }));
    await page.keyboard.press('Escape');
    expect(new URL(page.url()).pathname).toBe('/home');

    // A tap on the text opens the post.
    await card.getByText('Standing lamp, warm light, barely used.').click();
    await page.waitForURL(`${origin}/post/${post.id}`);

    await expectVisible(page.getByRole('heading', { name: "Emily's post", level: 1 }));
    const expected = new Date(post.createdAt);
    const day = expected.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: TIME_ZONE });
    const time = expected.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: TIME_ZONE });
    const stamp = page.locator(`main time[datetime="${post.createdAt}"]`, { hasText: ' at ' });
    await expectVisible(stamp);
    expect(await stamp.textContent()).toBe(`${day} at ${time}`);
    await expectVisible(page.getByRole('link', { name: 'Posted in University of Oklahoma' }));
    // On its own page the card is the post: a tap on the text stays.
    await page.getByRole('article').getByText('Standing lamp, warm light, barely used.').click();
    expect(new URL(page.url()).pathname).toBe(`/post/${post.id}`);
    await shot(page, 'post-page-1280');

    // Back returns to the feed; there the card opens with the keyboard too.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(`${origin}/home`);
    await card.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${origin}/post/${post.id}`);

    // The same page at 1280 on a slow network: the post the server wrote into the HTML, then the app's.
    const slow = await open(suite.browser);
    const release = await holdRoute(slow, `${origin}/api/posts/${post.id}`);
    await slow.goto(`${origin}/post/${post.id}`); // the written screen itself, before the swap
    await expectWrittenPost(slow, 'Standing lamp, warm light, barely used.');
    await shot(slow, 'post-written-1280');
    release();
    await waitForFirstScreenSwap(slow);
    await expectVisible(slow.getByRole('heading', { name: "Emily's post" }));
    await slow.context().close();
    await page.context().close();
  });

  it('shows the written post and inbox, not a blank page or a skeleton, while their data loads on a slow network (390 px)', async () => {
    const origin = suite.server.origin('ou');
    const author = await open(suite.browser);
    await signIn(author, origin, 'emilyc@ou.edu');
    const post = await postAs(author, 'Graphing calculator TI-84, with cover.');
    await author.context().close();

    // A visitor opens a shared link on a phone: nothing of the post is on the device yet.
    const page = await open(suite.browser, PHONE);
    const release = await holdRoute(page, `${origin}/api/posts/${post.id}`);
    await page.goto(`${origin}/post/${post.id}`); // the written screen itself, before the swap
    await expectWrittenPost(page, 'Graphing calculator TI-84, with cover.');
    await shot(page, 'post-written-390');
    release();
    await waitForFirstScreenSwap(page);
    await expectVisible(page.getByRole('heading', { name: "Emily's post" }));
    await expectVisible(page.getByText('Graphing calculator TI-84, with cover.'));
    expect(await page.getByLabel('Loading post').count()).toBe(0);
    await shot(page, 'post-page-390');

    // The inbox of a signed-in student with no chat yet: the server writes its head and its empty
    // state (with chats, grey rows: first-screen.happy.test.ts), the app's list replaces them.
    await signIn(page, origin, 'marcust@ou.edu');
    const releaseInbox = await holdRoute(page, /\/api\/chats(\?|$)/);
    await page.goto(`${origin}/messages`); // the written screen itself, before the swap
    const written = page.locator('#first-screen');
    await expectVisible(written.getByRole('heading', { name: 'Messages', level: 1 }));
    await expectVisible(written.getByText('Send a message, get a message'));
    await shot(page, 'inbox-written-390');
    releaseInbox();
    await waitForFirstScreenSwap(page);
    await expectVisible(page.getByText('Send a message, get a message'));
    expect(await page.getByRole('list', { name: 'Loading conversations' }).count()).toBe(0);
    await page.context().close();
  });
});
