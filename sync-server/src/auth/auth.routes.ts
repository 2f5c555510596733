import type { MeResponse } from '@campus/shared/account-api';
import {
  baseUsername,
  loginRequestSchema,
  REGISTER_MESSAGES,
  registerRequestSchema,
  SIGN_IN_MESSAGES,
  splitFullName,
} from '@campus/shared/account-rules';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { isMailWithinCap, refuseSignUpOverCap } from '../limits/mail-limits.ts';
import { locationRoutes } from '../location/location.routes.ts';
import { deleteSessionCookie } from '../sessions/session-cookie.ts';
import { toMeDto } from '../users/me-dto.ts';
import { findUserByEmail, insertUserWithFreeUsername, isUniqueViolation } from '../users/users.repository.ts';
import { issueCode } from '../verification/verification.service.ts';
import { claimLinkRoutes } from './claim-link.routes.ts';
import { emailLinkRoutes } from './email-link.routes.ts';
import { isKnownDevice, rememberDevice } from './known-device.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { signIn } from './sign-in.ts';
import { enforceLocation, refuseBannedEmail } from './sign-in-guards.ts';
import { signInLimits } from './sign-in-limits.ts';

export function authRoutes(context: AppContext) {
  const { db, sessionSockets } = context;

  return new Hono<AppEnv>()
    .get('/me', (c) => {
      const viewer = c.get('viewer');
      c.header('Cache-Control', 'private, no-store');
      return c.json({ user: viewer ? toMeDto(viewer) : null } satisfies MeResponse);
    })
    .post('/register', async (c) => {
      const body = await readJson(c, registerRequestSchema);
      await enforceLocation(c, context);
      refuseBannedEmail(context, body.email);
      if (await findUserByEmail(db, body.email)) {
        throw new AppError('conflict', [{ msg: REGISTER_MESSAGES.emailInUse, field: 'email' }]);
      }
      refuseSignUpOverCap(context, c);
      const site = c.get('campus');
      const { firstName, lastName } = splitFullName(body.name);
      const account = {
        campusId: site.id,
        firstName,
        lastName,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        isVerified: false,
      };
      // A double-submitted form races past the check above; the unique index decides.
      const user = await insertUserWithFreeUsername(db, account, baseUsername(firstName, lastName), '').catch(
        (error: unknown) => {
          if (isUniqueViolation(error, 'users_email_unique'))
            throw new AppError('conflict', [{ msg: REGISTER_MESSAGES.emailInUse, field: 'email' }]);
          throw error;
        },
      );
      await signIn(c, db, user.id);
      rememberDevice(c, context.deviceKey, user, context.now());
      // spec 1 §4: after sign-up the user goes to /verify with a code in their inbox. Over a mail cap
      // the account is still made; the code waits for the resend on /verify, which says how long.
      if (isMailWithinCap(context, c, user.email)) {
        await issueCode(context, {
          user,
          action: 'verify user',
          email: user.email,
          campusId: null,
          siteShortName: site.shortName,
        });
      }
      return c.json({ user: toMeDto(user) } satisfies MeResponse, 201);
    })
    .post('/login', async (c) => {
      const { email, password } = await readJson(c, loginRequestSchema);
      await enforceLocation(c, context);
      refuseBannedEmail(context, email);
      const limits = signInLimits(context, c, email);
      limits.refuseLockedPair();
      const user = await findUserByEmail(db, email);
      const isKnown = user !== undefined && isKnownDevice(c, context.deviceKey, user, context.now());
      if (!isKnown) limits.refuseLockedStranger();
      if (!user) {
        limits.countFailure(isKnown);
        throw new AppError('unauthorized', [{ msg: SIGN_IN_MESSAGES.userNotFound, field: 'email' }]);
      }
      if (!user.password_hash) {
        // Google or e-mail-link accounts have no password until they set one.
        limits.countFailure(isKnown);
        throw new AppError('unauthorized', [{ msg: SIGN_IN_MESSAGES.invalidCredentials, field: 'password' }]);
      }
      if (!(await verifyPassword(user.password_hash, password))) {
        limits.countFailure(isKnown);
        throw new AppError('unauthorized', [{ msg: SIGN_IN_MESSAGES.wrongPassword, field: 'password' }]);
      }
      limits.countSuccess();
      await signIn(c, db, user.id);
      rememberDevice(c, context.deviceKey, user, context.now());
      return c.json({ user: toMeDto(user) } satisfies MeResponse);
    })
    .post('/logout', async (c) => {
      const sessionId = c.get('sessionId');
      if (sessionId) await sessionSockets.endSession(sessionId);
      deleteSessionCookie(c);
      return c.json({ user: null } satisfies MeResponse);
    })
    .route('/', emailLinkRoutes(context))
    .route('/', claimLinkRoutes(context))
    .route('/location', locationRoutes(context));
}
