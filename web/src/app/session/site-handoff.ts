import type { MeResponse } from '@campus/shared/account-api';
import { SITE_HANDOFF_HASH_KEY } from '@campus/shared/site-handoff-api';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';

/**
 * The hand-off token this page was opened with (decision 042): another campus site sent the
 * student here signed in, with `#handoff={token}`. It is taken out of the address when this
 * module loads, before the router reads it, so Back, a reload or a shared link never carries it.
 */
const handoffToken = takeFromAddress();
let trade: Promise<MeResponse | null> | undefined;
/** Why the token was refused while someone else is signed in here (409), for the page to say. */
let refusal: string | null = null;

function takeFromAddress(): string | null {
  if (typeof window === 'undefined') return null;
  const token = new URLSearchParams(window.location.hash.slice(1)).get(SITE_HANDOFF_HASH_KEY);
  if (!token) return null;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  return token;
}

/**
 * Trades the page's hand-off token for this site's session, once however often it is asked:
 * the student the token was made for, or null when there was none or it could not be used
 * (expired, used, offline).
 */
export function tradeHandoffToken(): Promise<MeResponse | null> {
  trade ??= handoffToken
    ? apiRequest<MeResponse>('/api/auth/site-handoff', { method: 'POST', json: { token: handoffToken } }).catch(
        (error: unknown) => {
          if (error instanceof ApiRequestError && error.status === 409) refusal = error.message;
          return null;
        },
      )
    : Promise.resolve(null);
  return trade;
}

/** Once the trade settled: why it left another student signed in here (issue 35 item 6), or null. */
export async function handoffRefusal(): Promise<string | null> {
  await tradeHandoffToken();
  return refusal;
}
