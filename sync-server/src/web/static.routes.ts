import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FEED_FIRST_PAGE_SIZE } from '@campus/shared/post-api';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { cacheControl, IMMUTABLE } from '../http/cache-control.ts';
import type { AppEnv } from '../http/env.ts';

/**
 * Client routes have no file extension (usernames are letters, digits, _ and -)
 * and are not server folders. /media and /media/{postId} are screens (spec 2
 * §2), while uploaded files under /media always end in an extension.
 */
function isClientRoute(pathname: string): boolean {
  const lastSegment = pathname.split('/').pop() ?? '';
  return !lastSegment.includes('.') && !/^\/(api|brand|assets|dev)(\/|$)/.test(pathname);
}

/**
 * The first screen's data is asked for with the HTML instead of after the script, the router and
 * the shell's chunks (issue 25, decision 049): /home's first feed page, a post page's post. The
 * app's own fetch takes the preloaded answer. The shell itself preloads /api/campus (web/index.html).
 */
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

function withFirstScreenPreload(html: string, pathname: string): string {
  const api = firstScreenApi(pathname);
  return api ? html.replace('</head>', `<link rel="preload" href="${api}" as="fetch" crossorigin></head>`) : html;
}

/**
 * Serves the built PWA. Hashed assets are immutable; the service worker and
 * the HTML shell must be revalidated on every load so an update is seen
 * (workbox's own guidance). Any other GET is a client route: answer the shell.
 * `sourceMaps: false` (production) makes every *.map a 404.
 */
export function staticRoutes(webDist: string, { sourceMaps }: { sourceMaps: boolean }) {
  const root = webDist;
  let shell: Promise<string> | undefined;
  function readShell(): Promise<string> {
    shell ??= readFile(path.join(webDist, 'index.html'), 'utf8').catch((error: unknown) => {
      shell = undefined;
      throw error;
    });
    return shell;
  }

  return new Hono<AppEnv>()
    .use(async function hideSourceMaps(c, next) {
      // The build emits none (decision 021); one left in the folder by hand is still not served in production.
      if (!sourceMaps && c.req.path.endsWith('.map')) return c.notFound();
      await next();
    })
    .use('/assets/*', cacheControl(IMMUTABLE), serveStatic({ root }))
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
    .get('*', async (c) => {
      // A missing file (a stale /assets/x.js, an unknown icon) is a 404, never the HTML shell:
      // HTML served as a script or image only hides the real error.
      // /index.html is the shell itself: the service worker precaches it by that name.
      if (c.req.path !== '/index.html' && !isClientRoute(c.req.path)) return c.notFound();
      const html = await readShell().catch(() => null);
      if (html === null) return c.text('The web app is not built yet: run `npm run build`.', 503);
      c.header('Cache-Control', 'no-cache');
      return c.html(withFirstScreenPreload(html, c.req.path));
    });
}
