import type { MeResponse } from '@campus/shared/account-api';
import { apiRequest } from '../../lib/api-client.ts';

/** The session's calls to the API (the auth screens' own are in features/auth/api.ts). */

/** GET /api/auth/me: who this browser's session cookie belongs to (null for a visitor). */
export function fetchMe(): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/auth/me');
}

/** POST /api/auth/logout: ends this session (its sockets close with 4401, decision 020). */
export function logOut(): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/auth/logout', { method: 'POST', json: {} });
}
