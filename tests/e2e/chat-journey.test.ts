import type { InboxPageDto } from '@campus/shared/chat-api';
import type { PostResponse } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { scaled } from '@campus/shared/time-scale';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fetchJsonInPage } from '../support/campus-api.ts';
import { messageWith, openChatFromProfile, send } from '../support/chat-page.ts';
import { signedInPage } from '../support/demo-session.ts';
import {
  DESKTOP,
  expectImageLoaded,
  expectVisible,
  gotoApp,
  openPage,
  PHONE,
  reloadApp,
  saveScreenshot,
  watchNothingHappens,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

function alertWith(page: Page, text: string) {
  return page.locator('.alert', { hasText: text });
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

/** `cover` (the connection bar) shares no pixel with `under`. */
async function expectNotCovering(cover: Locator, under: Locator): Promise<void> {
  const [a, b] = await Promise.all([boxOf(cover), boxOf(under)]);
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, `${cover} covers ${under}`).toBe(false);
}

/** Phones: the Offline bar covers neither the chat's header nor its composer, which stays above the bottom bar. */
async function expectOfflineBarClearOfChat(page: Page): Promise<void> {
  const bar = page.getByRole('status').filter({ hasText: 'Offline' });
  await expectVisible(bar);
  const composer = page.getByRole('form', { name: 'Write a message' });
  await expectNotCovering(bar, page.locator('.conversation__name'));
  await expectNotCovering(bar, page.locator('.conversation__head'));
  await expectNotCovering(bar, composer);
  const [composerBox, bottomBar] = await Promise.all([boxOf(composer), boxOf(page.locator('.bottom-bar'))]);
  expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(bottomBar.y);
}

/** Calls the API from inside the page, as the signed-in student. */
function callInPage<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([verb, url, json]) => {
      const response = await fetch(url, {
        method: verb,
        headers: { 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      if (!response.ok) throw new Error(`${verb} ${url}: ${response.status}`);
      return response.json();
    },
    [method, path, body] as const,
  ) as Promise<T>;
}

// issue 6: two students chat live; one writes offline, reloads, and the message arrives once.
describe('direct messages on ou.localhost', () => {
  it('starts a chat from a profile, chats live, likes, survives offline and a reload, shows Seen, and deletes for both', async () => {
    const origin = suite.server.origin('ou');
    const emily = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP, { controlled: true });
    const marcus = await signedInPage(suite.browser, origin, 'marcust@ou.edu', PHONE);

    // Emily starts the chat from Marcus's profile.
    const { chatPath } = await openChatFromProfile(emily.page, origin, 'marcust');
    await expectVisible(alertWith(emily.page, 'New Conversation Started'));
    await expectVisible(emily.page.getByRole('region', { name: 'Conversation with Marcus' }));

    // Her first message puts the chat in Marcus's open inbox, live (a chat notice), unread.
    await gotoApp(marcus.page, `${origin}/messages`);
    await expectVisible(marcus.page.getByText('Send a message, get a message', { exact: true }));
    await send(emily.page, 'Hi Marcus! Is the bike still available?');
    const marcusRow = marcus.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Emily C\./ });
    await expectVisible(marcusRow);
    expect(await marcusRow.textContent()).toContain('Hi Marcus! Is the bike still available?');
    await expectVisible(marcusRow.getByRole('img', { name: 'Unread' }));
    await saveScreenshot(marcus.page, 'chat-inbox-unread-390');
    await marcusRow.click();
    await marcus.page.waitForURL(`${origin}${chatPath}`);
    await expectVisible(messageWith(marcus.page, 'Hi Marcus! Is the bike still available?'));

    // Live both ways.
    await send(marcus.page, 'Yes, come by after 3.');
    await expectVisible(messageWith(emily.page, 'Yes, come by after 3.'));
    await send(emily.page, 'Great, see you then!');
    await expectVisible(messageWith(marcus.page, 'Great, see you then!'));

    // Marcus likes Emily's message: she sees the heart, and her inbox's last message changes.
    await messageWith(marcus.page, 'Hi Marcus! Is the bike still available?')
      .getByRole('button', { name: 'Like message' })
      .click();
    await expectVisible(
      messageWith(emily.page, 'Hi Marcus! Is the bike still available?').getByRole('img', { name: '1 like' }),
    );
    const emilyRow = emily.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Marcus T\./ });
    await expect.poll(() => emilyRow.textContent(), { timeout: scaled(15_000) }).toContain('liked a message');
    // On Marcus's side the heart on the bubble is now the one control: it takes the like back.
    const likedOnMarcus = messageWith(marcus.page, 'Hi Marcus! Is the bike still available?');
    await expectVisible(likedOnMarcus.locator('.message__bubble').getByRole('button', { name: 'Unlike message' }));
    await expect.poll(() => likedOnMarcus.getByRole('button', { name: /like message/i }).count()).toBe(1);
    await saveScreenshot(emily.page, 'chat-live-1280');
    await saveScreenshot(marcus.page, 'chat-live-390');
    await likedOnMarcus.getByRole('button', { name: 'Unlike message' }).click();
    await expect
      .poll(() =>
        messageWith(emily.page, 'Hi Marcus! Is the bike still available?').getByRole('img', { name: /like/ }).count(),
      )
      .toBe(0);
    // An unlike puts the newest message back as the last message.
    await expect.poll(() => emilyRow.textContent(), { timeout: scaled(15_000) }).toContain('Great, see you then!');
    await likedOnMarcus.getByRole('button', { name: 'Like message', exact: true }).click();
    await expectVisible(
      messageWith(emily.page, 'Hi Marcus! Is the bike still available?').getByRole('img', { name: '1 like' }),
    );

    // Emily goes offline and writes: the message shows at once, pending.
    await emily.context.setOffline(true);
    await send(emily.page, 'Running late, there in 10');
    const offlineMessage = messageWith(emily.page, 'Running late, there in 10');
    await expectVisible(offlineMessage.getByText('Waiting for connection…'));
    await saveScreenshot(emily.page, 'chat-offline-pending-1280');

    // A reload with no network: the worker serves the app, y-indexeddb the conversation.
    await reloadApp(emily.page);
    await expectVisible(messageWith(emily.page, 'Running late, there in 10').getByText('Waiting for connection…'));
    await expectVisible(messageWith(emily.page, 'Yes, come by after 3.'));
    expect(await messageWith(marcus.page, 'Running late, there in 10').count()).toBe(0);

    // Back online: delivered once, live to Marcus, and no longer pending.
    await emily.context.setOffline(false);
    await expectVisible(messageWith(marcus.page, 'Running late, there in 10'));
    await expect
      .poll(() => emily.page.getByText('Waiting for connection…').count(), { timeout: scaled(15_000) })
      .toBe(0);
    await watchNothingHappens(1000);
    expect(await messageWith(marcus.page, 'Running late, there in 10').count()).toBe(1);
    expect(await messageWith(emily.page, 'Running late, there in 10').count()).toBe(1);

    // Marcus has the newest message on screen, so Emily's last message reads 'Seen'.
    const emilyLast = messageWith(emily.page, 'Running late, there in 10');
    await expect
      .poll(() => emilyLast.locator('.message__status').textContent(), { timeout: scaled(15_000) })
      .toBe('Seen');
    // Her inbox row says the same, from the server's read list.
    await expect.poll(() => emilyRow.textContent(), { timeout: scaled(15_000) }).toContain('Running late, there in 10');
    await expect.poll(() => emilyRow.textContent(), { timeout: scaled(15_000) }).toContain('Seen');
    await saveScreenshot(emily.page, 'chat-seen-1280');
    await reloadApp(marcus.page);
    await expectVisible(messageWith(marcus.page, 'Running late, there in 10'));
    expect(await messageWith(marcus.page, 'Running late, there in 10').count()).toBe(1);

    // Emily deletes the conversation for both.
    await emily.page.getByRole('button', { name: 'Conversation options' }).click();
    await emily.page.getByRole('menuitem', { name: 'Delete conversation' }).click();
    await emily.page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expectVisible(alertWith(emily.page, 'Chat deleted'));
    await emily.page.waitForURL(`${origin}/messages`);
    await expectVisible(marcus.page.getByText("This conversation doesn't exist", { exact: true }));
    await gotoApp(marcus.page, `${origin}/messages`);
    await expectVisible(marcus.page.getByText('Send a message, get a message', { exact: true }));
    const inbox = await fetchJsonInPage<InboxPageDto>(marcus.page, '/api/chats');
    expect(inbox.chats.map((chat) => chat.otherUser.username)).not.toContain('emilyc');
    await saveScreenshot(marcus.page, 'chat-inbox-empty-390');
    await emily.context.close();
    await marcus.context.close();
  });

  it('opens a conversation never opened on the phone with no network, once its inbox was seen online', async () => {
    const origin = suite.server.origin('ou');
    const emily = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    const jordan = await signedInPage(suite.browser, origin, 'jordanw@ou.edu', PHONE, { controlled: true });

    const { chatId } = await openChatFromProfile(emily.page, origin, 'jordanw');
    await send(emily.page, 'Is the mini fridge still for sale?');
    await send(emily.page, 'I can pick it up tonight.');

    // Jordan only looks at his inbox; the app brings the conversation onto the phone meanwhile.
    await gotoApp(jordan.page, `${origin}/messages`);
    const row = jordan.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Emily C\./ });
    await expectVisible(row);
    const isOnDevice = () =>
      jordan.page.evaluate(
        (id) =>
          Object.entries(localStorage).some(
            ([key, value]) => key.startsWith('chat-prefetched:') && Object.keys(JSON.parse(value)).includes(id),
          ),
        chatId,
      );
    await expect.poll(isOnDevice, { timeout: scaled(15_000) }).toBe(true);

    // No network: the conversation he never opened shows what Emily wrote.
    await jordan.context.setOffline(true);
    await row.click();
    await jordan.page.waitForURL(`${origin}/messages/${chatId}`);
    await expectVisible(messageWith(jordan.page, 'Is the mini fridge still for sale?'));
    await expectVisible(messageWith(jordan.page, 'I can pick it up tonight.'));
    await expectOfflineBarClearOfChat(jordan.page);
    await saveScreenshot(jordan.page, 'chat-prefetched-offline-390');
    await jordan.page.setViewportSize({ width: 480, height: 844 });
    await expectOfflineBarClearOfChat(jordan.page);
    await saveScreenshot(jordan.page, 'chat-prefetched-offline-480');
    await jordan.context.setOffline(false);
    await emily.context.close();
    await jordan.context.close();
  });

  it('keeps a photo picked offline as a waiting bubble, through a reload, and sends it once when back online', async () => {
    const origin = suite.server.origin('ou');
    const jordan = await signedInPage(suite.browser, origin, 'jordanw@ou.edu', PHONE, { controlled: true });
    const marcus = await signedInPage(suite.browser, origin, 'marcust@ou.edu', DESKTOP);

    const { chatPath } = await openChatFromProfile(jordan.page, origin, 'marcust');
    await send(jordan.page, 'Photo of the fridge coming up');
    await gotoApp(marcus.page, `${origin}${chatPath}`);
    await expectVisible(messageWith(marcus.page, 'Photo of the fridge coming up'));

    // Offline, the photo is kept rather than refused: the composer previews the device's own copy.
    await jordan.context.setOffline(true);
    const composer = jordan.page.getByRole('form', { name: 'Write a message' });
    const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    await composer
      .locator('input[type=file]')
      .setInputFiles([{ name: 'fridge.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    const preview = composer.getByRole('img', { name: 'Attached file' });
    await expectImageLoaded(preview);
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await send(jordan.page, 'Here it is, offline');

    // The bubble shows at once with the photo, waiting, like a text message written offline.
    const waiting = messageWith(jordan.page, 'Here it is, offline');
    await expectImageLoaded(waiting.getByRole('img', { name: 'Attachment (waiting to send)' }));
    await expectVisible(waiting.getByText('Waiting for connection…'));
    expect(await composer.getByRole('img', { name: 'Attached file' }).count()).toBe(0);
    await saveScreenshot(jordan.page, 'chat-photo-waiting-390');

    // A reload with no network: the message and its photo come back from the device.
    await reloadApp(jordan.page);
    const afterReload = messageWith(jordan.page, 'Here it is, offline');
    await expectImageLoaded(afterReload.getByRole('img', { name: 'Attachment (waiting to send)' }));
    await expectVisible(afterReload.getByText('Waiting for connection…'));
    await expectVisible(messageWith(jordan.page, 'Photo of the fridge coming up'));
    expect(await messageWith(marcus.page, 'Here it is, offline').count()).toBe(0);

    // Back online: uploaded and sent by itself, live to Marcus, exactly once.
    await jordan.context.setOffline(false);
    const received = messageWith(marcus.page, 'Here it is, offline');
    await expectImageLoaded(received.getByRole('img', { name: 'Attachment', exact: true }));
    expect(await received.getByRole('img', { name: 'Attachment', exact: true }).getAttribute('src')).not.toMatch(
      /^blob:/,
    );
    await expect
      .poll(() => jordan.page.getByText('Waiting for connection…').count(), { timeout: scaled(15_000) })
      .toBe(0);
    await expectImageLoaded(
      messageWith(jordan.page, 'Here it is, offline').getByRole('img', { name: 'Attachment', exact: true }),
    );
    await watchNothingHappens(1000);
    expect(await messageWith(marcus.page, 'Here it is, offline').count()).toBe(1);
    expect(await messageWith(jordan.page, 'Here it is, offline').count()).toBe(1);
    await saveScreenshot(marcus.page, 'chat-photo-sent-1280');

    // A reload on both sides still shows it once (nothing was left queued to send again).
    await reloadApp(jordan.page);
    await reloadApp(marcus.page);
    await expectImageLoaded(
      messageWith(marcus.page, 'Here it is, offline').getByRole('img', { name: 'Attachment', exact: true }),
    );
    await expectVisible(messageWith(jordan.page, 'Here it is, offline'));
    await watchNothingHappens(1000);
    expect(await messageWith(marcus.page, 'Here it is, offline').count()).toBe(1);
    expect(await messageWith(jordan.page, 'Here it is, offline').count()).toBe(1);
    await jordan.context.close();
    await marcus.context.close();
  });

  it('searches people from 2 characters, wraps the selection and asks for one on Enter', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', PHONE);
    await gotoApp(page, `${origin}/messages/new`);
    const search = page.getByRole('combobox', { name: 'Search people' });
    await search.fill('j');
    await expectVisible(page.getByText('Type at least 2 characters of a name.'));
    expect(await page.getByRole('option').count()).toBe(0);
    await search.press('Enter');
    await expectVisible(alertWith(page, 'Please select a user!'));

    await search.fill('jo');
    const jordan = page.getByRole('option', { name: /Jordan W\./ });
    await expectVisible(jordan);
    expect(await jordan.getAttribute('aria-selected')).toBe('false');
    // With one person, down and up both wrap onto them.
    await search.press('ArrowUp');
    expect(await jordan.getAttribute('aria-selected')).toBe('true');
    await search.press('ArrowDown');
    expect(await jordan.getAttribute('aria-selected')).toBe('true');
    await saveScreenshot(page, 'chat-user-search-390');
    await search.press('Enter');
    await expectVisible(alertWith(page, 'New Conversation Started'));
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await expectVisible(page.getByRole('link', { name: /Jordan W\./ }).first());

    // The same person again: the chat is reused, not started twice.
    await openChatFromProfile(page, origin, 'jordanw');
    expect(await alertWith(page, 'New Conversation Started').count()).toBe(0);
    const inbox = await fetchJsonInPage<InboxPageDto>(page, '/api/chats');
    expect(inbox.chats.filter((chat) => chat.otherUser.username === 'jordanw')).toHaveLength(1);
    await context.close();

    // spec 1 §6: a visitor's Message opens the auth gate instead.
    const visitor = await openPage(suite.browser, `${origin}/jordanw`, PHONE);
    await visitor.page.getByRole('link', { name: 'Send Message' }).click();
    await expectVisible(visitor.page.getByRole('dialog', { name: 'Join Group so you can message privately.' }));
    expect(new URL(visitor.page.url()).pathname).toBe('/jordanw');
    await visitor.context.close();
  });

  it('shares a post into a chat, sends a photo, keeps the 500 rule, and marks a deleted shared post', async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'sofiar@ou.edu', DESKTOP);
    const { post } = await callInPage<PostResponse>(page, 'POST', '/api/posts', {
      text: plainTextToRichText('Desk lamp with a warm bulb, barely used.'),
      price: 12,
    });

    // Post menu → 'Share in a message' → pick a person → the post waits in that chat's composer.
    await gotoApp(page, `${origin}/post/${post.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Post options' }).first().click();
    await page.getByRole('menuitem', { name: 'Share in a message' }).click();
    await page.waitForURL(`${origin}/messages/new?share=${post.id}`);
    await page.getByRole('combobox', { name: 'Search people' }).fill('pr');
    await page.getByRole('option', { name: /Priya S\./ }).click();
    await expectVisible(alertWith(page, 'New Conversation Started'));
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const composer = page.getByRole('form', { name: 'Write a message' });
    await expectVisible(composer.locator('.shared-post', { hasText: 'Desk lamp with a warm bulb' }));
    await composer.getByRole('button', { name: 'Send' }).click();
    await expectVisible(page.locator('.message .shared-post', { hasText: 'Desk lamp with a warm bulb' }));

    // One photo per message, uploaded first; anything else is refused with the spec's words.
    const fileInput = composer.locator('input[type=file]');
    await fileInput.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await expectVisible(alertWith(page, 'Only photos & videos are allowed!'));
    const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#2e86c1' } })
      .jpeg()
      .toBuffer();
    await fileInput.setInputFiles([{ name: 'lamp.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await expectVisible(composer.getByRole('img', { name: 'Attached file' }));
    await send(page, 'Here it is lit up');
    const withPhoto = messageWith(page, 'Here it is lit up');
    await expectImageLoaded(withPhoto.getByRole('img', { name: 'Attachment' }));

    // spec 2 §5: 500 characters; typing past them is blocked with the danger alert.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('x'.repeat(501));
    await expectVisible(alertWith(page, 'Error: Too many characters!'));
    expect(await box.inputValue()).toBe('');
    await box.fill('x'.repeat(500));
    await expectVisible(composer.getByText('500 / 500'));
    await box.fill('');
    await saveScreenshot(page, 'chat-shared-post-photo-1280');

    // spec 2 §4: 15 messages a page; 'Load earlier' shows 15 more.
    for (let index = 1; index <= 14; index++) await send(page, `Count ${index}`);
    await expectVisible(messageWith(page, 'Count 14'));
    await reloadApp(page);
    await expectVisible(messageWith(page, 'Count 14'));
    expect(await page.locator('.message').count()).toBe(15);
    await page.getByRole('button', { name: 'Load earlier' }).click();
    await expect.poll(() => page.locator('.message').count()).toBe(16);
    expect(await page.getByRole('button', { name: 'Load earlier' }).count()).toBe(0);

    // The shared post is deleted: the message says so.
    await callInPage(page, 'DELETE', `/api/posts/${post.id}`);
    await reloadApp(page);
    await page.getByRole('button', { name: 'Load earlier' }).click();
    await expectVisible(page.locator('.message').getByText('* Post deleted **', { exact: true }));
    await context.close();
  });
});
