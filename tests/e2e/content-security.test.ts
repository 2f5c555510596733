import { CHAT_SOCKET_PREFIX } from '@campus/shared/chat-api';
import { SYNC_SOCKET_PATH } from '@campus/shared/sync-api';
import { scaled } from '@campus/shared/time-scale';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fetchFeed } from '../support/campus-api.ts';
import { messageWith, openChatFromProfile, send } from '../support/chat-page.ts';
import { signIn } from '../support/demo-session.ts';
import { afterNextPaint, expectVisible, gotoApp, watchNothingHappens } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

interface Violation {
  where: string;
  what: string;
}

/**
 * Records every CSP violation of the context's pages: the `securitypolicyviolation`
 * events (reported through a binding, so they survive navigations) and the
 * console's "Content Security Policy" errors. Also which sockets received frames.
 */
async function watchContentSecurity(context: BrowserContext, page: Page) {
  const violations: Violation[] = [];
  const socketsWithFrames = new Set<string>();
  await context.exposeBinding('reportCspViolation', ({ page: from }, what: string) => {
    violations.push({ where: from?.url() ?? '?', what });
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportCspViolation(what: string): void }).reportCspViolation;
        report(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}`);
      },
      true,
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push({ where: page.url(), what: message.text() });
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', () => socketsWithFrames.add(new URL(socket.url()).pathname));
  });
  return { violations, socketsWithFrames };
}

/** Lets queued violation events and console messages of the current document arrive. */
async function settle(page: Page): Promise<void> {
  await afterNextPaint(page);
  await watchNothingHappens(150);
}

// issue 18 item 9: a strict CSP (connect-src 'self', style-src 'self', no eval) that the app itself keeps.
describe('the content security policy on ou.localhost', () => {
  it('is not violated by the feed, composer, post page, a live chat or the dev mailbox', async () => {
    const origin = suite.server.origin('ou');
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(scaled(10_000));
    const page = await context.newPage();
    const { violations, socketsWithFrames } = await watchContentSecurity(context, page);

    // Signed out, then the login form and the feed.
    await gotoApp(page, `${origin}/home`);
    await signIn(page, origin, 'emilyc@ou.edu');
    await expectVisible(page.getByRole('article').first());
    await settle(page);

    // The rich-text composer (Lexical).
    await page.getByRole('link', { name: 'Create Post' }).click();
    const composer = page.getByRole('dialog', { name: 'Create Post' });
    await expectVisible(composer);
    await composer.getByLabel('Post text').click();
    await page.keyboard.type('Desk lamp, **works**');
    await settle(page);

    // A post page.
    const post = (await fetchFeed(page)).posts[0];
    if (!post) throw new Error('the demo feed is empty');
    await gotoApp(page, `${origin}/post/${post.id}`);
    await expectVisible(page.getByRole('article').first());
    await settle(page);

    // A chat over its live socket: the message is stored (no longer pending) by the server.
    await openChatFromProfile(page, origin, 'marcust');
    await send(page, 'Is the lamp still there?');
    await expectVisible(messageWith(page, 'Is the lamp still there?'));
    await expect.poll(() => page.locator('.pending-mark').count(), { timeout: scaled(10_000) }).toBe(0);
    const chatId = new URL(page.url()).pathname.split('/').pop();
    await expect.poll(() => socketsWithFrames.has(`${CHAT_SOCKET_PREFIX}${chatId}`)).toBe(true);
    await expect.poll(() => socketsWithFrames.has(SYNC_SOCKET_PATH)).toBe(true);
    await settle(page);

    // The dev mailbox (served outside production only).
    await gotoApp(page, `${origin}/dev/mail`);
    await expectVisible(page.getByRole('heading', { name: 'Dev mailbox' }));
    const mailboxBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await settle(page);

    await context.close();
    expect(violations).toEqual([]);
    // Still styled: its stylesheet loads (background #f4f4f5).
    expect(mailboxBackground).toBe('rgb(244, 244, 245)');
  });
});
