import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { Db } from '../db/database.ts';
import type { AppEnv } from '../http/env.ts';
import { DEV_MAIL_CSS_PATH, devMailPage } from './dev-mail-page.ts';
import { listMails } from './mail-log.repository.ts';

const NEWEST = 50;

/**
 * What the embedded SMTP server received, for people (/dev/mail) and for
 * tests and tools (/api/dev/mail). Mounted at the root, outside production only.
 */
export function devMailRoutes(db: Db) {
  const css = readFileSync(new URL('./dev-mail.css', import.meta.url), 'utf8');
  return new Hono<AppEnv>()
    .get(DEV_MAIL_CSS_PATH, (c) => {
      c.header('Content-Type', 'text/css; charset=utf-8');
      c.header('Cache-Control', 'no-cache');
      return c.body(css);
    })
    .get('/dev/mail', async (c) => {
      const to = c.req.query('to')?.trim() || undefined;
      const mails = await listMails(db, { to, limit: NEWEST });
      // Always the current contents: a tester reloads to see the code that was just sent.
      c.header('Cache-Control', 'no-store');
      return c.html(devMailPage(mails, to));
    })
    .get('/api/dev/mail', async (c) => {
      const to = c.req.query('to')?.trim() || undefined;
      const mails = await listMails(db, { to, limit: NEWEST });
      c.header('Cache-Control', 'no-store');
      return c.json({ mails });
    });
}
