import type { FeedPageDto } from '@campus/shared/post-api';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import type { AppServer } from './app-server.ts';
import { launchChromium } from './browser.ts';
import { fetchJsonInPage } from './campus-api.ts';
import { signIn } from './demo-session.ts';

/** Debian's Chromium with the flags STACK.md names for Lighthouse (no sandbox as root, no calls home). */
const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** The demo student whose session the signed-in pages use. */
const DEMO_STUDENT = 'emilyc@ou.edu';

export interface LighthouseTarget {
  name: string;
  url: string;
  /** A session cookie sent with every request of the run (Lighthouse resets storage, so not a browser cookie). */
  cookie?: string;
}

/**
 * The four pages of issue 25 on ou.localhost: /home as a visitor and signed in, a demo post with a photo,
 * and /messages signed in. Signs the demo student in through the real login form to get her cookie.
 */
export async function lighthouseTargets(server: AppServer): Promise<LighthouseTarget[]> {
  const origin = server.origin('ou');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await signIn(page, origin, DEMO_STUDENT);
    const cookies = await page.context().cookies(origin);
    const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const feed = await fetchJsonInPage<FeedPageDto>(page, '/api/posts/feed');
    const withPhoto = feed.posts.find((post) => post.media.some((media) => media.kind === 'image'));
    if (!withPhoto) throw new Error('no demo post with a photo in the first feed page');
    return [
      // Visitors first: right after a signed-in run the visitor's post page logged, in 2 runs of 3, a 401
      // from GET /api/search/popular (some signed-in state outlives Lighthouse's storage reset), which
      // costs best practices its errors-in-console audit. A visitor who never signed in never sees it.
      { name: '/home (visitor)', url: `${origin}/home` },
      { name: '/post/{id} (photo)', url: `${origin}/post/${withPhoto.id}` },
      { name: '/home (signed in)', url: `${origin}/home`, cookie },
      { name: '/messages (signed in)', url: `${origin}/messages`, cookie },
    ];
  } finally {
    await browser.close();
  }
}

export type LighthouseCategory = 'performance' | 'accessibility' | 'best-practices';

export interface LighthouseChrome {
  readonly path: string;
  run(target: LighthouseTarget, categories: readonly LighthouseCategory[]): Promise<Result>;
  close(): Promise<void>;
}

/** One Chromium for every run; each run is Lighthouse's default mobile config (simulated throttling). */
export async function startLighthouseChrome(): Promise<LighthouseChrome> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const chrome: LaunchedChrome = await launch({
    chromePath,
    chromeFlags: LIGHTHOUSE_CHROME_FLAGS,
    logLevel: 'silent',
  });
  return {
    path: chromePath,
    async run(target, categories) {
      // A trace lost under load (NO_NAVSTART: "Please run Lighthouse again") is tried once more.
      for (let attempt = 1; ; attempt += 1) {
        const runner = await lighthouse(target.url, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: [...categories],
          ...(target.cookie ? { extraHeaders: { Cookie: target.cookie } } : {}),
        });
        if (!runner) throw new Error(`Lighthouse returned nothing for ${target.url}`);
        const failure = runner.lhr.runtimeError;
        if (!failure) return runner.lhr;
        if (attempt >= 2) throw new Error(`Lighthouse on ${target.url}: ${failure.code} ${failure.message}`);
      }
    },
    async close() {
      chrome.kill();
    },
  };
}

/** A category's score as 0–100 (null when Lighthouse could not score it). */
export function categoryScore(lhr: Result, category: LighthouseCategory): number | null {
  const score = lhr.categories[category]?.score;
  return score === null || score === undefined ? null : Math.round(score * 100);
}

/** The audits of `category` that did not pass: `id — title`. */
export function failingAudits(lhr: Result, category: LighthouseCategory): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit?.id} — ${audit?.title}`);
}

/** A metric audit's numeric value (ms for times, unitless for CLS). */
export function metric(lhr: Result, auditId: string): number | null {
  return lhr.audits[auditId]?.numericValue ?? null;
}
