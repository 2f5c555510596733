import { CAMPUSES } from '@campus/shared/campuses';
import { Hono } from 'hono';
import sharp from 'sharp';
import type { AppEnv } from '../http/env.ts';
import { campusLogoSvg } from './logo-svg.ts';
import { webAppManifest } from './manifest.ts';

const campusById = new Map(CAMPUSES.map((campus) => [campus.id, campus]));
/** Rendered icons, kept for the life of the process: 21 campuses × 3 icons is under 1 MB. */
const iconCache = new Map<string, Promise<Buffer>>();
const ONE_DAY = 'public, max-age=86400';

function renderIcon(campusId: string, size: number, isMaskable: boolean): Promise<Buffer> {
  const key = `${campusId}:${size}:${isMaskable}`;
  let icon = iconCache.get(key);
  const campus = campusById.get(campusId);
  if (!icon && campus) {
    icon = sharp(Buffer.from(campusLogoSvg(campus, size, isMaskable)))
      .png({ compressionLevel: 9 })
      .toBuffer();
    iconCache.set(key, icon);
  }
  return icon ?? Promise.reject(new Error(`unknown campus ${campusId}`));
}

/** Logos, install icons and the manifest, chosen by campus (spec 1 §1: name, logo, colours per site). */
export function brandRoutes() {
  return new Hono<AppEnv>()
    .get('/manifest.webmanifest', (c) => {
      c.header('Content-Type', 'application/manifest+json; charset=utf-8');
      c.header('Cache-Control', 'no-cache');
      return c.body(JSON.stringify(webAppManifest(c.get('campus'))));
    })
    .get('/brand/:campusId/logo.svg', (c) => {
      const campus = campusById.get(c.req.param('campusId'));
      if (!campus) return c.notFound();
      c.header('Content-Type', 'image/svg+xml');
      c.header('Cache-Control', ONE_DAY);
      return c.body(campusLogoSvg(campus));
    })
    .get('/brand/:campusId/brand.css', (c) => {
      // The first screen in the HTML (web/first-screen.ts) paints in the campus colour before the app sets it.
      const campus = campusById.get(c.req.param('campusId'));
      if (!campus) return c.notFound();
      c.header('Content-Type', 'text/css; charset=utf-8');
      c.header('Cache-Control', ONE_DAY);
      return c.body(`:root{--brand:${campus.color}}\n`);
    })
    .get('/brand/:campusId/:icon{icon-(maskable-)?(192|512)\\.png}', async (c) => {
      const campusId = c.req.param('campusId');
      const match = /icon-(maskable-)?(192|512)\.png/.exec(c.req.param('icon'));
      if (!campusById.has(campusId) || !match) return c.notFound();
      const png = await renderIcon(campusId, Number(match[2]), Boolean(match[1]));
      c.header('Content-Type', 'image/png');
      c.header('Cache-Control', ONE_DAY);
      return c.body(new Uint8Array(png));
    });
}
