import type { MeResponse, VerificationSendResponse } from '@campus/shared/account-api';
import type { AccountFieldRequests } from '@campus/shared/account-requests';
import type { VerificationSendRequest } from '@campus/shared/verification-requests';
import { apiRequest } from '../../lib/api-client.ts';

/** The account settings' calls to the API (online only, decision 013). */

/** PUT /api/account/<field>: one setting; answers the user as saved. */
export function updateAccount<Field extends keyof AccountFieldRequests>(
  field: Field,
  body: AccountFieldRequests[Field],
): Promise<MeResponse> {
  return apiRequest<MeResponse>(`/api/account/${field}`, { method: 'PUT', json: body });
}

/** Mails a code: to a new sign-in e-mail, or to a school address (which may join a campus at once). */
export function sendVerificationCode(request: VerificationSendRequest): Promise<VerificationSendResponse> {
  return apiRequest<VerificationSendResponse>('/api/verification/send', { method: 'POST', json: request });
}
