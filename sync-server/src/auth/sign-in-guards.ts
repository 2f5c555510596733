import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import type { Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import { clientIp } from '../http/client-address.ts';
import { checkLocation } from '../location/location-gate.ts';

/** spec 1 §5: the location check runs before login and register; blocked visitors go to /404. */
export async function enforceLocation(c: Context, context: AppContext): Promise<void> {
  const verdict = await checkLocation(clientIp(c, context.config.trustProxyHops), c.req.header('x-time-zone'));
  if (verdict === 'blocked') throw new AppError('location_blocked', 'Error 404');
}

/** spec 1 §5: login, register, continue and forgot refuse an e-mail on the banned list. */
export function refuseBannedEmail(context: AppContext, email: string): void {
  if (context.bannedEmails.has(email.trim().toLowerCase()))
    throw new AppError('forbidden', [{ msg: ACCOUNT_MESSAGES.emailBanned, field: 'email' }]);
}
