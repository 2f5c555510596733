import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { campusBrandStylePath, campusIconPath } from '@campus/shared/campus-api';
import type { CampusDefinition } from '@campus/shared/campuses';
import { LOCATION_GATED_PATHS } from '@campus/shared/location-api';
import { FEED_FIRST_PAGE_SIZE } from '@campus/shared/post-api';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { cacheControl, IMMUTABLE } from '../http/cache-control.ts';
import { clientIp } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import { checkLocation } from '../location/location-gate.ts';
import { loadViewer } from '../sessions/viewer.middleware.ts';
import { type FirstScreen, type FirstScreenDeps, firstScreenFor } from './first-screen.ts';
import { html, htmlText } from './html.ts';

/**
 * Client routes have no file extension (usernames are letters, digits, _ and -)
 * and are not server folders. /media and /media/{postId} are screens (spec 2
 * §2), while uploaded files under /media always end in an extension.
 */
function isClientRoute(pathname: string): boolean {
  const lastSegment = pathname.split('/').pop() ?? '';
  // The test checkout is the server's page (decision 041): where it is not served, it does not exist.
  return !lastSegment.includes('.') && !/^\/(api|brand|assets|dev|checkout\/test)(\/|$)/.test(pathname);
}

/**
 * The first screen's data is asked for with the HTML instead of after the script, the router and
 * the shell's chunks (issue 25, decision 049): /home's first feed page, a post page's post. The
 * app's own fetch takes the preloaded answer. The shell itself preloads /api/campus (web/index.html).
 */
const FIRST_SCREEN_PATH = /^\/(home|messages|post\/[^/]+)?$/;

function firstScreenApi(pathname: string): string | null {
  if (pathname === '/' || pathname === '/home') return `/api/posts/feed?limit=${FEED_FIRST_PAGE_SIZE}`;
  const postId = /^\/post\/([^/]+)$/.exec(pathname)?.[1];
  if (!postId) return null;
  try {
    // As the app spells it (local/api.ts): the router's decoded id, encoded again. Nothing HTML-special is left.
    return `/api/posts/${encodeURIComponent(decodeURIComponent(postId))}`;
  } catch {
    return null; // a malformed escape: no preload, the app shows its own answer
  }
}

/**
 * The shell as a network navigation gets it: the data preload, and where the server writes a first
 * screen (first-screen.ts) its markup before #root, the first photo's preload, and the campus's
 * name and colour, which the app would otherwise set only once it runs (campus-context.tsx).
 */
function shellFor(campusShell: string, pathname: string, campus: CampusDefinition, screen: FirstScreen | null): string {
  const shell = withCampusIcon(campusShell, campus);
  const api = firstScreenApi(pathname);
  const head = api ? `<link rel="preload" href="${api}" as="fetch" crossorigin>` : '';
  // Replaced by functions: a replacement string would read `$&` or `$'` in a post's text as patterns.
  if (!screen) return head ? shell.replace('</head>', () => `${head}</head>`) : shell;
  // First in <head>, before the scripts and their module preloads: a phone's few connections fetch
  // what the first paint needs (stylesheets, the first photo) before the app's code (decision 049).
  const stylesheets = shell.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  const first = stylesheets.join('') + htmlText(brandHead(campus)) + (screen.head ? htmlText(screen.head) : '');
  const body = htmlText(screen.body);
  const withoutSheets = stylesheets.reduce((text, link) => text.replace(link, ''), shell);
  // After the viewport: before it, the preload scanner would size the photo for a 980 px page.
  const viewport = /<meta name="viewport"[^>]*>/i;
  const written = (
    viewport.test(withoutSheets)
      ? withoutSheets.replace(viewport, (tag) => `${tag}${first}`)
      : withoutSheets.replace('</head>', () => `${first}</head>`)
  )
    .replace(/<title>[^<]*<\/title>/, () => htmlText(brandTitle(campus)))
    .replace(/<meta name="theme-color" content="[^"]*" ?\/?>/, () => htmlText(brandThemeColor(campus)))
    .replace('</head>', () => `${head}</head>`)
    .replace('<div id="root"></div>', () => `${body}<div id="root"></div>`);
  return startAfterFirstPaint(written);
}

/** web/public/first-screen-start.js: imports the app once the written screen is painted. */
const STARTER_PATH = '/first-screen-start.js';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * On a written page the app's entry and its module preloads leave the HTML for a tiny starter that
 * asks for them after the first photo's paint (decision 049): Lighthouse's simulation counts every
 * script requested before the largest paint as holding it, and a phone's few connections fetch the
 * stylesheets and the photo first. The starter is Low priority, so not counted as render-blocking.
 * A shell the build wrote differently (no entry found) is left as it is: the app then starts as before.
 */
function startAfterFirstPaint(page: string): string {
  const entry = ENTRY_SCRIPT.exec(page)?.[1];
  if (!entry) return page;
  const preloads = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const starter = html`<script type="module" src="${STARTER_PATH}" fetchpriority="low" data-entry="${entry}" data-modulepreload="${preloads.join(' ')}"></script>`;
  return page.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => htmlText(starter));
}

/**
 * The home-screen icon iOS takes from the HTML (issue 39 item 11: every campus installed with the
 * generic Campus icon): the campus's own, as the manifest's icons are. The app sets it again once it
 * runs (campus-context.tsx).
 */
function withCampusIcon(shell: string, campus: CampusDefinition): string {
  const icon = html`<link rel="apple-touch-icon" href="${campusIconPath(campus.id, 192)}">`;
  return shell.replace(/<link rel="apple-touch-icon" href="[^"]*" ?\/?>/, () => htmlText(icon));
}

function brandTitle(campus: CampusDefinition) {
  return html`<title>${campus.shortName} Buy / Sell</title>`;
}

function brandThemeColor(campus: CampusDefinition) {
  return html`<meta name="theme-color" content="${campus.color}">`;
}

/** The campus colour as a stylesheet (brand.routes.ts): the policy allows no inline style (decision 021). */
function brandHead(campus: CampusDefinition) {
  return html`<link rel="stylesheet" href="${campusBrandStylePath(campus.id)}">`;
}

/**
 * spec 1 §2 and §5: on the location-gated pages the app sends a visitor the gate refuses to /404
 * (decision 028). The server writes no first screen for an address it refuses, so such a visitor
 * never sees the feed first. It knows the address (the location check's, behind trusted proxies)
 * but not the device's time zone: a US address with a foreign time zone gets the written screen,
 * and the app's own check then sends it to /404 (decision 049).
 */
async function isRefusedHere(c: Context<AppEnv>, trustProxyHops: number): Promise<boolean> {
  if (!LOCATION_GATED_PATHS.has(c.req.path)) return false;
  return (await checkLocation(clientIp(c, trustProxyHops), undefined)) === 'blocked';
}

/**
 * Serves the built PWA. Hashed assets are immutable; the service worker and
 * the HTML shell must be revalidated on every load so an update is seen
 * (workbox's own guidance). Any other GET is a client route: answer the shell.
 * `sourceMaps: false` (production) makes every *.map a 404.
 */
export function staticRoutes(
  webDist: string,
  {
    sourceMaps,
    firstScreen,
    trustProxyHops,
  }: { sourceMaps: boolean; firstScreen?: FirstScreenDeps; trustProxyHops: number },
) {
  const root = webDist;
  let shell: Promise<string> | undefined;
  function readShell(): Promise<string> {
    shell ??= readFile(path.join(webDist, 'index.html'), 'utf8').catch((error: unknown) => {
      shell = undefined;
      throw error;
    });
    return shell;
  }

  return (
    new Hono<AppEnv>()
      .use(async function hideSourceMaps(c, next) {
        // The build emits none (decision 021); one left in the folder by hand is still not served in production.
        if (!sourceMaps && c.req.path.endsWith('.map')) return c.notFound();
        await next();
      })
      // The build wrote a Brotli and a gzip copy of each (web/build/precompress.ts): sent as they are.
      .use('/assets/*', cacheControl(IMMUTABLE), serveStatic({ root, precompressed: true }))
      .use(
        '*',
        cacheControl('no-cache'),
        serveStatic({
          root,
          // index.html is answered by the fallback below, with its own headers.
          rewriteRequestPath: (requestPath) =>
            requestPath === '/' || requestPath === '/index.html' ? '/-' : requestPath,
        }),
      )
      // Only the screens the server writes need to know who asks (the feed's blocks and saves, the inbox).
      .use(async function viewerForFirstScreen(c, next) {
        if (!firstScreen || !FIRST_SCREEN_PATH.test(c.req.path)) return next();
        return loadViewer(firstScreen.db)(c, next);
      })
      .get('*', async (c) => {
        // A missing file (a stale /assets/x.js, an unknown icon) is a 404, never the HTML shell:
        // HTML served as a script or image only hides the real error.
        // /index.html is the shell itself: the service worker precaches it by that name.
        if (c.req.path !== '/index.html' && !isClientRoute(c.req.path)) return c.notFound();
        const html = await readShell().catch(() => null);
        if (html === null) return c.text('The web app is not built yet: run `npm run build`.', 503);
        const campus = c.get('campus');
        const viewer = c.get('viewer') ?? null;
        const screen =
          firstScreen && !(await isRefusedHere(c, trustProxyHops))
            ? await firstScreenFor(firstScreen, c.req.path, campus, viewer)
            : null;
        // A signed-in first screen carries the viewer's own state (saved posts, avatar).
        c.header('Cache-Control', viewer && screen ? 'private, no-cache' : 'no-cache');
        return c.html(shellFor(html, c.req.path, campus, screen));
      })
  );
}
