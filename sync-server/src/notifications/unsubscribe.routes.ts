import { readFileSync } from 'node:fs';
import { NOTIFICATION_MAIL_MESSAGES } from '@campus/shared/notification-mail';
import { type Context, Hono } from 'hono';
import { updateAccount } from '../account/account.repository.ts';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { findUserById } from '../users/users.repository.ts';
import { UNSUBSCRIBE_CSS_PATH, unsubscribePage } from './unsubscribe-page.ts';
import { loadUnsubscribeKey, readUnsubscribeToken } from './unsubscribe-token.ts';

/** The token's user, if it is one of ours and the user still exists; turns their notification e-mail off. */
async function unsubscribe(context: AppContext, key: Buffer, token: string | undefined): Promise<boolean> {
  const userId = readUnsubscribeToken(key, token);
  if (!userId || !(await findUserById(context.db, userId))) return false;
  await updateAccount(context.db, userId, { email_notifications: 0 });
  return true;
}

/**
 * Unsubscribing from notification e-mail (decision 033), signed out: the
 * token in the link is the authority, never a session.
 * - `POST /api/notifications/unsubscribe?token=` is RFC 8058 one-click (the
 *   mail provider posts `List-Unsubscribe=One-Click`); JSON answers.
 * - `GET /unsubscribe?token=` is the link in the mail: a small page that asks,
 *   and its button's `POST /unsubscribe?token=` turns the mail off.
 * Mounted apart: the first under /api, the second at the root.
 */
export function unsubscribeApiRoutes(context: AppContext) {
  const key = loadUnsubscribeKey(context.config);
  return new Hono<AppEnv>().post('/unsubscribe', async (c) => {
    if (!(await unsubscribe(context, key, c.req.query('token')))) {
      throw new AppError('bad_request', NOTIFICATION_MAIL_MESSAGES.badLink);
    }
    return c.json({ emailNotifications: false });
  });
}

export function unsubscribePageRoutes(context: AppContext) {
  const key = loadUnsubscribeKey(context.config);
  const css = readFileSync(new URL('./unsubscribe.css', import.meta.url), 'utf8');
  return new Hono<AppEnv>()
    .get(UNSUBSCRIBE_CSS_PATH, (c) => {
      c.header('Content-Type', 'text/css; charset=utf-8');
      c.header('Cache-Control', 'no-cache');
      return c.body(css);
    })
    .get('/unsubscribe', async (c) => {
      // Only asks: link scanners and previews open every link in a mail (RFC 8058 §1).
      const token = c.req.query('token');
      const isValid = Boolean(readUnsubscribeToken(key, token));
      const page: Parameters<typeof unsubscribePage>[1] = isValid
        ? { state: 'ask', action: `/unsubscribe?token=${encodeURIComponent(token ?? '')}` }
        : { state: 'bad link' };
      return answerPage(c, page, isValid ? 200 : 400);
    })
    .post('/unsubscribe', async (c) => {
      const isDone = await unsubscribe(context, key, c.req.query('token'));
      return answerPage(c, { state: isDone ? 'done' : 'bad link' }, isDone ? 200 : 400);
    });
}

function answerPage(c: Context<AppEnv>, page: Parameters<typeof unsubscribePage>[1], status: 200 | 400) {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(unsubscribePage(`${c.get('campus').shortName} Buy / Sell`, page), status);
}
