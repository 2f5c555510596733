import type { Page } from 'playwright-core';

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
