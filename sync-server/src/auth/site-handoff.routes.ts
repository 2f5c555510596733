import type { MeResponse } from '@campus/shared/account-api';
import { CAMPUSES } from '@campus/shared/campuses';
import { SITE_HANDOFF_EXPIRED, SITE_HANDOFF_HASH_KEY, siteHandoffSignedInElse } from '@campus/shared/site-handoff-api';
import { siteHandoffCompleteSchema } from '@campus/shared/site-handoff-requests';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { loadViewer } from '../sessions/viewer.middleware.ts';
import { toMeDto } from '../users/me-dto.ts';
import { findUserById } from '../users/users.repository.ts';
import { signIn } from './sign-in.ts';
import { enforceLocation, refuseBannedEmail } from './sign-in-guards.ts';
import { consumeSiteHandoff, createSiteHandoff } from './site-handoff.ts';
import { siblingSiteOrigin } from './site-origin.ts';

const campusById = new Map(CAMPUSES.map((campus) => [campus.id, campus]));

/**
 * GET /auth/site-handoff?campus={id} (decision 042): a browser navigation from one campus site to
 * another's /home. Signed in, the student arrives signed in there too: the redirect carries a
 * single-use token in the fragment, which the app trades at POST /api/auth/site-handoff. Signed
 * out (or banned), the same redirect without a token. Only catalogue campuses are destinations,
 * so this is no open redirect.
 */
export function siteHandoffStartRoutes(context: AppContext) {
  const { db, config } = context;
  return new Hono<AppEnv>().get('/auth/site-handoff', loadViewer(db), async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const target = campusById.get(c.req.query('campus') ?? '');
    if (!target) throw new AppError('not_found', 'That school is not on Campus Buy/Sell.');
    const home = `${siblingSiteOrigin(c, config, target.subdomain)}${target.isGeneric ? '/search_schools' : '/home'}`;
    const viewer = c.get('viewer');
    if (!viewer || context.bannedEmails.has(viewer.email.trim().toLowerCase())) return c.redirect(home);
    const token = await createSiteHandoff(db, viewer.id, target.id);
    return c.redirect(`${home}#${SITE_HANDOFF_HASH_KEY}=${token}`);
  });
}

/**
 * POST /api/auth/site-handoff { token }: this site's session for the student the token was made
 * for; a browser signed in here as someone else stays so (409, and the page says why).
 */
export function siteHandoffApiRoutes(context: AppContext) {
  const { db } = context;
  return new Hono<AppEnv>().post('/site-handoff', async (c) => {
    const { token } = await readJson(c, siteHandoffCompleteSchema);
    await enforceLocation(c, context);
    const userId = await consumeSiteHandoff(db, token, c.get('campus').id);
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user) throw new AppError('bad_request', [{ msg: SITE_HANDOFF_EXPIRED, field: 'token' }]);
    refuseBannedEmail(context, user.email);
    // Signed in here already: as the same student, nothing to do; as another, never switched
    // silently (login CSRF with an attacker's token: issue 35 item 6).
    const viewer = c.get('viewer');
    if (viewer && viewer.id !== user.id)
      throw new AppError('conflict', siteHandoffSignedInElse(viewer.first_name, user.first_name));
    if (!viewer) await signIn(c, db, user.id);
    return c.json({ user: toMeDto(user) } satisfies MeResponse);
  });
}
