import { type EmailCheckResponse, emailCheckRequestSchema } from '@campus/shared/account-rules';
import { Hono } from 'hono';
import type { Db } from '../db/database.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { isEmailTaken } from './accounts.repository.ts';

export function accountRoutes(db: Db) {
  // spec 1 §2: the e-mail existence check sends a visitor to /login or /register.
  return new Hono<AppEnv>().post('/email-check', async (c) => {
    const { email } = await readJson(c, emailCheckRequestSchema);
    const body: EmailCheckResponse = { exists: await isEmailTaken(db, email) };
    return c.json(body);
  });
}
