import { CHAT_MESSAGES, type InboxPageDto } from '@campus/shared/chat-api';
import type { ProfileDto } from '@campus/shared/profile-api';
import { scaled } from '@campus/shared/time-scale';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fetchJsonInPage } from '../support/campus-api.ts';
import { messageBox, messageWith, openChatFromProfile, send } from '../support/chat-page.ts';
import { signedInPage } from '../support/demo-session.ts';
import { readMailbox } from '../support/dev-mailbox.ts';
import {
  DESKTOP,
  expectVisible,
  gotoApp,
  openPage,
  PHONE,
  saveScreenshot,
  watchNothingHappens,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';
import { toggleBlockFromProfile } from '../support/profile-page.ts';

const suite = useServerAndBrowser();

const BLOCKED = CHAT_MESSAGES.blocked;
const MISSING = CHAT_MESSAGES.missing;

function alertWith(page: Page, text: string) {
  return page.locator('.alert', { hasText: text });
}

/** Presses 'Send Message' on a profile and expects the refusal: an alert, and no chat opened. */
async function expectMessageRefused(page: Page, origin: string, username: string) {
  await gotoApp(page, `${origin}/${username}`);
  await expectVisible(page.getByRole('heading', { level: 1 }));
  // The profile still offers the button; the server answers for the block (decision 014).
  await page.getByRole('link', { name: 'Send Message' }).click();
  await expectVisible(alertWith(page, BLOCKED));
  expect(new URL(page.url()).pathname).toBe(`/${username}`);
}

/** The conversation screen of a chat the viewer cannot see: the missing state, and nothing to type in. */
async function expectChatMissing(page: Page) {
  await expectVisible(page.getByRole('heading', { name: MISSING }));
  expect(await messageBox(page).count()).toBe(0);
}

async function inboxUsernames(page: Page): Promise<string[]> {
  const inbox = await fetchJsonInPage<InboxPageDto>(page, '/api/chats');
  return inbox.chats.map((chat) => chat.otherUser.username);
}

// issue 6 with issue 4: a block closes a chat both ways until it is lifted.
describe('a chat between two students when one blocks the other, on ou.localhost', () => {
  it('refuses a message from either side while blocked, never stores one written then, and chats live again once unblocked', async () => {
    const origin = suite.server.origin('ou');
    const emily = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    const sofia = await signedInPage(suite.browser, origin, 'sofiar@ou.edu', PHONE);

    // Emily starts a chat from Sofia's profile; Sofia opens it and reads her message live.
    const { chatPath } = await openChatFromProfile(emily.page, origin, 'sofiar');
    await expectVisible(alertWith(emily.page, 'New Conversation Started'));
    await send(emily.page, 'Hi Sofia, is the desk lamp still for sale?');
    await gotoApp(sofia.page, `${origin}${chatPath}`);
    await expectVisible(messageWith(sofia.page, 'Hi Sofia, is the desk lamp still for sale?'));

    // Emily blocks Sofia while Sofia still has the conversation open.
    await toggleBlockFromProfile(emily.page, origin, 'sofiar', 'Block');
    // The room re-checks blocks for an open socket at most once a second (chat-apply.ts).
    await new Promise((resolve) => setTimeout(resolve, scaled(1_500)));
    await send(sofia.page, 'Hello? Are you still there?');
    // The server closes her socket for good; the app asks REST again, which hides a blocked chat:
    // her whole conversation gives way to 'This conversation doesn't exist' (no word of the block).
    await expectChatMissing(sofia.page);
    await saveScreenshot(sofia.page, 'chat-blocked-sent-390');

    // The chat is gone from her inbox, and the profile's Message button is refused.
    expect(await inboxUsernames(sofia.page)).not.toContain('emilyc');
    await expectMessageRefused(sofia.page, origin, 'emilyc');
    await saveScreenshot(sofia.page, 'chat-blocked-message-button-390');
    // Opening the conversation by its address: still missing, nothing to type in.
    await gotoApp(sofia.page, `${origin}${chatPath}`);
    await expectChatMissing(sofia.page);
    // Her device sits on a profile, not the chat, until the block is lifted.
    await gotoApp(sofia.page, `${origin}/emilyc`);

    // Emily, the blocker, is offered 'Unblock to message' instead of a Send Message the server would
    // refuse, and gets the same missing conversation.
    await gotoApp(emily.page, `${origin}/sofiar`);
    await expectVisible(emily.page.getByRole('button', { name: 'Unblock to message' }));
    expect(await emily.page.getByRole('link', { name: 'Send Message' }).count()).toBe(0);
    await saveScreenshot(emily.page, 'chat-blocker-message-button-1280');
    await emily.page.setViewportSize(PHONE);
    await saveScreenshot(emily.page, 'chat-blocker-message-button-390');
    await emily.page.setViewportSize(DESKTOP);
    expect(await inboxUsernames(emily.page)).not.toContain('sofiar');
    await gotoApp(emily.page, `${origin}${chatPath}`);
    await expectChatMissing(emily.page);
    await saveScreenshot(emily.page, 'chat-blocker-opens-chat-1280');

    // Unblocked: the chat is back for Emily, without the message Sofia wrote while blocked:
    // the server never took it.
    await gotoApp(emily.page, `${origin}/sofiar`);
    await emily.page.getByRole('button', { name: 'Unblock to message' }).click();
    await expectVisible(alertWith(emily.page, 'User unblocked'));
    await expectVisible(emily.page.getByRole('link', { name: 'Send Message' }));
    await gotoApp(emily.page, `${origin}${chatPath}`);
    await expectVisible(messageWith(emily.page, 'Hi Sofia, is the desk lamp still for sale?'));
    await watchNothingHappens(2_000);
    expect(await messageWith(emily.page, 'Hello? Are you still there?').count()).toBe(0);

    // Sofia's Message opens the same chat again (no new one).
    await sofia.page.getByRole('link', { name: 'Send Message' }).click();
    await sofia.page.waitForURL(`${origin}${chatPath}`);
    expect(await alertWith(sofia.page, 'New Conversation Started').count()).toBe(0);
    await expectVisible(messageWith(sofia.page, 'Hi Sofia, is the desk lamp still for sale?'));
    // The message the server refused went with her device's copy of the chat (decision 015): it is
    // neither on her screen nor delivered late to Emily now that the socket is let in.
    await watchNothingHappens(2_000);
    expect(await messageWith(sofia.page, 'Hello? Are you still there?').count()).toBe(0);
    expect(await messageWith(emily.page, 'Hello? Are you still there?').count()).toBe(0);

    // A new message reaches Emily live, and her reply reaches Sofia.
    await send(sofia.page, 'Thanks! Yes, still for sale.');
    await expectVisible(messageWith(emily.page, 'Thanks! Yes, still for sale.'));
    await send(emily.page, 'Great, can I pick it up today?');
    await expectVisible(messageWith(sofia.page, 'Great, can I pick it up today?'));
    expect(await messageWith(emily.page, 'Hello? Are you still there?').count()).toBe(0);
    expect(await inboxUsernames(sofia.page)).toContain('emilyc');
    const emilyRow = emily.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Sofia R\./ });
    await expect
      .poll(() => emilyRow.textContent(), { timeout: scaled(15_000) })
      .toContain('Great, can I pick it up today?');
    await saveScreenshot(emily.page, 'chat-unblocked-1280');
    await saveScreenshot(sofia.page, 'chat-unblocked-390');

    await emily.context.close();
    await sofia.context.close();
  });
});

// spec 1 §4, §6: messaging needs a verified school e-mail. (A visitor's Message opening
// 'Join Group so you can message privately.' is covered in chat-journey and alerts-and-gates.)
describe('Message for a student without a verified school e-mail, on ou.localhost', () => {
  it('opens the verify-school modal instead of a chat, from a profile and from the /messages/new hand-off', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/user_registration`, PHONE);
    // Signs up with a personal e-mail and confirms it, but never adds a school e-mail.
    await page.getByLabel('Email').fill('vera.verify@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/register\?email=/);
    await page.getByLabel('Full name').fill('Vera Verify');
    await page.getByLabel('Password').fill('verify-pass1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${origin}/verify`);
    await page.getByLabel('Verification code').fill((await readMailbox(page, 'vera.verify@example.com')).code ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${origin}/settings/account/school_email`);

    // A profile is open to her; its Message opens the verify-school modal, not a chat.
    await gotoApp(page, `${origin}/marcust`);
    await expectVisible(page.getByRole('heading', { name: 'Marcus T.', level: 1 }));
    await page.getByRole('link', { name: 'Send Message' }).click();
    const modal = page.getByRole('dialog', { name: 'Verify your account to send a message.' });
    await expectVisible(modal);
    await expectVisible(modal.getByText('Confirm your school e-mail to join your campus community.'));
    expect(new URL(page.url()).pathname).toBe('/marcust');
    await saveScreenshot(page, 'chat-verify-school-modal-390');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The link's own address (a new tab, a copied link) gets the same modal and starts nothing.
    await gotoApp(page, `${origin}/messages/new?to=marcust`);
    await expectVisible(page.getByRole('dialog', { name: 'Verify your account to send a message.' }));
    expect(new URL(page.url()).pathname).toBe('/messages/new');
    expect(await inboxUsernames(page)).toEqual([]);

    // The server refuses too, whatever the client does.
    const marcus = await fetchJsonInPage<ProfileDto>(page, '/api/profiles/marcust');
    const refusal = await page.evaluate(async (userId) => {
      const response = await fetch('/api/chats', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId }),
      });
      return { status: response.status, body: (await response.json()) as { errors: { msg: string }[] } };
    }, marcus.id);
    expect(refusal.status).toBe(403);
    expect(refusal.body.errors[0]?.msg).toBe('Verify your account to continue.');
    expect(await inboxUsernames(page)).toEqual([]);

    // 'Verify Account' leads to the school e-mail settings.
    await page.getByRole('dialog').getByRole('link', { name: 'Verify Account' }).click();
    await page.waitForURL(`${origin}/settings/account/school_email`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectVisible(page.getByLabel('School email'));
    await context.close();
  });
});
