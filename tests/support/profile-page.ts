import type { Page } from 'playwright-core';
import { expectVisible, gotoApp } from './e2e-page.ts';

/** Blocks or unblocks `username` from the profile's More options menu and waits for the alert. */
export async function toggleBlockFromProfile(
  page: Page,
  origin: string,
  username: string,
  action: 'Block' | 'Unblock',
): Promise<void> {
  await gotoApp(page, `${origin}/${username}`);
  await expectVisible(page.getByRole('heading', { level: 1 }));
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('button', { name: action, exact: true }).click();
  // A block is asked first ('Block {name}?'); an unblock acts at once.
  if (action === 'Block') await page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
  await expectVisible(page.locator('.alert', { hasText: action === 'Block' ? 'User blocked' : 'User unblocked' }));
}
