import type { MeResponse } from '@campus/shared/account-api';
import type { LocationCheckDto } from '@campus/shared/location-api';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The session's calls to the API, read on every page load (the auth
 * screens' own are in features/auth/api.ts, loaded with them).
 */

/** GET /api/auth/me: who this browser's session cookie belongs to (null for a visitor). */
export function fetchMe(): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/auth/me');
}

/** POST /api/auth/logout: ends this session (its sockets close with 4401, decision 020). */
export function logOut(): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/auth/logout', { method: 'POST', json: {} });
}

/** GET /api/auth/location: may this visitor sign in from here (spec 1 §5; the client sends the time zone)? */
export function fetchLocationCheck(): Promise<LocationCheckDto> {
  return apiRequest<LocationCheckDto>('/api/auth/location');
}
