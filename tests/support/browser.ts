import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (STACK.md): never a downloaded browser build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell`, built from the same Chromium source and version: Blink, V8,
 * service workers and IndexedDB without the browser around them (what Playwright itself runs for
 * headless tests). A fresh page of the app costs it about 1.2 s of CPU against 2.1 s for the full
 * browser, which is most of the e2e project's time (decision 051). Without it, the full browser.
 */
const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** The flags this closed-network machine needs (STACK.md): no sandbox as root, no calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Chromium for a journey: the headless shell, or with `full` the whole browser, for what the shell
 * lacks (the Push API: it offers no push, so the app hides its push card).
 */
export function launchChromium({ full = false } = {}): Promise<Browser> {
  const executablePath = !full && existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
