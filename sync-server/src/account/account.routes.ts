import type { MeResponse } from '@campus/shared/account-api';
import {
  birthDateRequestSchema,
  emailNotificationsRequestSchema,
  genderRequestSchema,
  passwordChangeRequestSchema,
  phoneRequestSchema,
  usernameRequestSchema,
} from '@campus/shared/account-requests';
import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { revokeEmailTokens } from '../auth/email-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { signIn } from '../auth/sign-in.ts';
import type { UpdateableUserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { requireViewer } from '../sessions/viewer.middleware.ts';
import { toMeDto } from '../users/me-dto.ts';
import { findUserById, isUsernameTaken } from '../users/users.repository.ts';
import { updateAccount } from './account.repository.ts';
import { profileEditRoutes } from './profile.routes.ts';

/** /settings/account (spec 1 §2, §5): each field its own small write, answering the updated user. */
export function accountRoutes(context: AppContext) {
  const { db, sessionSockets } = context;

  async function update(userId: string, values: UpdateableUserRow) {
    await updateAccount(db, userId, values);
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('not_found', ACCOUNT_MESSAGES.somethingWentWrong);
    return { user: toMeDto(user) } satisfies MeResponse;
  }

  return new Hono<AppEnv>()
    .put('/username', async (c) => {
      const viewer = requireViewer(c);
      const { username } = await readJson(c, usernameRequestSchema);
      if (await isUsernameTaken(db, username, viewer.id)) {
        throw new AppError('conflict', [{ msg: ACCOUNT_MESSAGES.usernameTaken, field: 'username' }]);
      }
      return c.json(await update(viewer.id, { username }));
    })
    .put('/phone', async (c) => {
      const viewer = requireViewer(c);
      const { phone } = await readJson(c, phoneRequestSchema);
      return c.json(await update(viewer.id, { phone }));
    })
    .put('/gender', async (c) => {
      const viewer = requireViewer(c);
      const { gender } = await readJson(c, genderRequestSchema);
      return c.json(await update(viewer.id, { gender }));
    })
    .put('/birth-date', async (c) => {
      const viewer = requireViewer(c);
      const { month, day, year } = await readJson(c, birthDateRequestSchema);
      return c.json(await update(viewer.id, { birth_month: month, birth_day: day, birth_year: year }));
    })
    .put('/email-notifications', async (c) => {
      // spec 1 §3 email_notifications: the notification e-mail switch (decision 033).
      const viewer = requireViewer(c);
      const { emailNotifications } = await readJson(c, emailNotificationsRequestSchema);
      return c.json(await update(viewer.id, { email_notifications: emailNotifications ? 1 : 0 }));
    })
    .put('/password', async (c) => {
      const viewer = requireViewer(c);
      const body = await readJson(c, passwordChangeRequestSchema);
      // The spec collects the current password without saying it is checked; we check it.
      if (viewer.password_hash && !(await verifyPassword(viewer.password_hash, body.currentPassword))) {
        throw new AppError('unauthorized', [{ msg: ACCOUNT_MESSAGES.invalidPassword, field: 'currentPassword' }]);
      }
      const result = await update(viewer.id, { password_hash: await hashPassword(body.newPassword) });
      // Every other session ends on a password change, with its sockets and any mailed link. This device
      // stays signed in with a fresh cookie, and its open sockets carry on (decision 020).
      const current = c.get('sessionId');
      await revokeEmailTokens(db, viewer.email);
      await sessionSockets.endUserSessions(viewer.id, { except: current });
      const fresh = await signIn(c, db, viewer.id);
      if (current) await sessionSockets.handOver(current, fresh);
      return c.json(result);
    })
    .route('/', profileEditRoutes(context));
}
