import type { MeResponse, VerificationCheckResponse } from '@campus/shared/account-api';
import type { EmailCheckResponse, LoginRequest } from '@campus/shared/account-rules';
import { apiRequest } from '../../lib/api-client.ts';

/** The auth screens' calls to the API (sign-in, sign-up, links, the first verification). */

export function logIn(request: LoginRequest): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/auth/login', { method: 'POST', json: request });
}

export function register(request: {
  name: string;
  email: string;
  password: string;
  terms: boolean;
}): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/auth/register', { method: 'POST', json: request });
}

/** Is there an account for this e-mail address (spec 1 §5: log in or sign up next)? */
export function checkEmail(email: string): Promise<EmailCheckResponse> {
  return apiRequest<EmailCheckResponse>('/api/users/email-check', { method: 'POST', json: { email } });
}

/** Mails a sign-in link; a first sign-in by link also gives the names (decision 026). */
export function requestSignInLink(request: { email: string; first?: string; last?: string }): Promise<unknown> {
  return apiRequest('/api/auth/sign-in-link', { method: 'POST', json: request });
}

export function completeSignInLink(request: {
  email: string;
  token: string | null;
  first?: string;
  last?: string;
}): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/auth/sign-in-link/complete', { method: 'POST', json: request });
}

/** Mails the owner of a username a link to claim the account (decision 026). */
export function requestClaimLink(username: string): Promise<unknown> {
  return apiRequest('/api/auth/claim-link', { method: 'POST', json: { username } });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return apiRequest('/api/auth/password-reset', { method: 'POST', json: { email } });
}

export function completePasswordReset(token: string | null, password: string): Promise<{ email: string }> {
  return apiRequest<{ email: string }>('/api/auth/password-reset/complete', {
    method: 'POST',
    json: { token, password },
  });
}

/** The first e-mail verification (/verify): check the code, or send a new one. */
export function checkVerifyCode(code: string): Promise<VerificationCheckResponse> {
  return apiRequest<VerificationCheckResponse>('/api/verification/check', {
    method: 'POST',
    json: { action: 'verify user', code },
  });
}

export function resendVerifyCode(): Promise<unknown> {
  return apiRequest('/api/verification/send', { method: 'POST', json: { action: 'verify user' } });
}
