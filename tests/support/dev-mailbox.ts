import { scaled } from '@campus/shared/time-scale';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { gotoApp } from './e2e-page.ts';

/**
 * Reads the newest mail to `to` as a person trying the app would: opens the
 * dev mailbox page (/dev/mail) in a new tab of the same site and reads it.
 */
export async function readMailbox(
  page: Page,
  to: string,
): Promise<{ code: string | null; links: string[]; subject: string }> {
  const origin = new URL(page.url()).origin;
  const mailbox = await page.context().newPage();
  try {
    await gotoApp(mailbox, `${origin}/dev/mail?to=${encodeURIComponent(to)}`);
    const first = mailbox.locator('article').first();
    await expect.poll(() => first.count(), { timeout: scaled(10_000) }).toBe(1);
    const subject = (await first.locator('.subject').textContent())?.trim() ?? '';
    const codeElement = first.locator('.code');
    const code = (await codeElement.count()) > 0 ? ((await codeElement.textContent())?.trim() ?? null) : null;
    const links = await first
      .locator('.links a')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    return { code, links, subject };
  } finally {
    await mailbox.close();
  }
}
