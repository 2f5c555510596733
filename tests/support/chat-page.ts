import type { Page } from 'playwright-core';
import { gotoApp } from './e2e-page.ts';

/** A message bubble on /messages/{id} holding `text`. */
export function messageWith(page: Page, text: string) {
  return page.locator('.message', { hasText: text });
}

export function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

/** Types `text` in the conversation's composer and sends it with Enter. */
export async function send(page: Page, text: string): Promise<void> {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

/**
 * Presses 'Send Message' on `username`'s profile and waits for the conversation it opens;
 * answers its path (/messages/{id}) and id.
 */
export async function openChatFromProfile(
  page: Page,
  origin: string,
  username: string,
): Promise<{ chatPath: string; chatId: string }> {
  await gotoApp(page, `${origin}/${username}`);
  await page.getByRole('link', { name: 'Send Message' }).click();
  await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
  const chatPath = new URL(page.url()).pathname;
  return { chatPath, chatId: chatPath.split('/').at(-1) as string };
}
