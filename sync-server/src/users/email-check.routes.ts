import { ACCOUNT_MESSAGES, type EmailCheckResponse, emailCheckRequestSchema } from '@campus/shared/account-rules';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { findUserByEmail } from './users.repository.ts';

export function emailCheckRoutes({ db, bannedEmails }: AppContext) {
  // spec 1 §2: the e-mail existence check sends a visitor to /login or /register.
  return new Hono<AppEnv>().post('/email-check', async (c) => {
    const { email } = await readJson(c, emailCheckRequestSchema);
    if (bannedEmails.has(email.toLowerCase())) {
      throw new AppError('forbidden', [{ msg: ACCOUNT_MESSAGES.emailBanned, field: 'email' }]);
    }
    const body: EmailCheckResponse = { exists: (await findUserByEmail(db, email)) !== undefined };
    return c.json(body);
  });
}
