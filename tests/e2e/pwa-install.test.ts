import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fetchCampus, fetchJsonInPage } from '../support/campus-api.ts';
import { expectVisible, gotoApp, openPage, waitForServiceWorkerControl } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';
import { launchChromiumWithProfile } from '../support/profile-browser.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface Manifest {
  name: string;
  theme_color: string;
  icons: ManifestIcon[];
}

interface LoadedIcon {
  contentType: string | null;
  width: number;
  height: number;
}

const suite = useServerAndBrowser();

/** Fetches an icon in the page and decodes it, so a wrong type or a broken PNG fails. */
function loadIcon(page: Page, src: string): Promise<LoadedIcon> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { cache: 'no-store' });
    const bitmap = await createImageBitmap(await response.blob());
    return { contentType: response.headers.get('content-type'), width: bitmap.width, height: bitmap.height };
  }, src);
}

/** One campus's manifest: named and coloured for that campus, with 192, 512 and maskable PNG icons. */
async function checkManifest(page: Page, expectedName: string): Promise<Manifest> {
  const manifest = await fetchJsonInPage<Manifest>(page, '/manifest.webmanifest');
  const campus = await fetchCampus(page);
  expect(manifest.name).toBe(expectedName);
  expect(manifest.theme_color).toBe(campus.color);
  const sizes = manifest.icons.map((icon) => icon.sizes);
  expect(sizes).toContain('192x192');
  expect(sizes).toContain('512x512');
  expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
  for (const icon of manifest.icons) {
    const loaded = await loadIcon(page, icon.src);
    expect(loaded.contentType, icon.src).toBe('image/png');
    expect(`${loaded.width}x${loaded.height}`, icon.src).toBe(icon.sizes);
  }
  return manifest;
}

describe('installing the app', () => {
  it('is installable on ou once the service worker controls the page', async () => {
    // Not the shared browser: its contexts are incognito, where Chromium never offers an install.
    const profile = await launchChromiumWithProfile();
    try {
      const page = await profile.context.newPage();
      await gotoApp(page, `${suite.server.origin('ou')}/home`);
      await expectVisible(page.getByRole('combobox', { name: 'Search OU Buy / Sell' }));
      await waitForServiceWorkerControl(page);
      const cdp = await profile.context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      if (installabilityErrors.length > 0)
        console.error('installability errors:', JSON.stringify(installabilityErrors));
      expect(installabilityErrors).toEqual([]);
    } finally {
      await profile.close();
    }
  });

  it('serves each campus its own manifest with icons that load as PNG', async () => {
    const ou = await openPage(suite.browser, `${suite.server.origin('ou')}/home`);
    const ut = await openPage(suite.browser, `${suite.server.origin('utexas')}/home`);
    const ouManifest = await checkManifest(ou.page, 'OU Buy / Sell');
    const utManifest = await checkManifest(ut.page, 'UT Buy / Sell');
    expect(ouManifest.name).not.toBe(utManifest.name);
    expect(ouManifest.theme_color).not.toBe(utManifest.theme_color);
    // issue 39 item 11: the icon iOS installs is the campus's own, in the HTML as served and in the page.
    for (const [opened, campusId] of [
      [ou, 'ou'],
      [ut, 'ut'],
    ] as const) {
      const href = `/brand/${campusId}/icon-192.png`;
      const served = await opened.page.evaluate(async () => (await fetch(location.href, { cache: 'no-store' })).text());
      expect(served).toContain(`<link rel="apple-touch-icon" href="${href}">`);
      expect(await opened.page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe(href);
      const type = await opened.page.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), href);
      expect(type).toBe('image/png');
    }
    await Promise.all([ou.context.close(), ut.context.close()]);
  });
});
