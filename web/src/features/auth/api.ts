import type { MeResponse, VerificationCheckResponse } from '@campus/shared/account-api';
import type { EmailCheckRequest, EmailCheckResponse, LoginRequest } from '@campus/shared/account-rules';
import type {
  ClaimLinkRequest,
  LinkSentResponse,
  PasswordResetCompleteRequest,
  PasswordResetCompleteResponse,
  PasswordResetRequest,
  SignInLinkCompleteRequest,
  SignInLinkRequest,
} from '@campus/shared/email-link-rules';
import type { VerificationCheckRequest, VerificationSendRequest } from '@campus/shared/verification-requests';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The auth screens' calls to the API (sign-in, sign-up, links, the first
 * verification); each body is the request type its handler's schema infers.
 */

export function logIn(request: LoginRequest): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/auth/login', { method: 'POST', json: request });
}

/** `terms` is what the box says; the server's schema refuses anything but true. */
export function register(request: { name: string; email: string; password: string; terms: boolean }) {
  return apiRequest<MeResponse>('/api/auth/register', { method: 'POST', json: request });
}

/** Is there an account for this e-mail address (spec 1 §5: log in or sign up next)? */
export function checkEmail(email: string): Promise<EmailCheckResponse> {
  const request: EmailCheckRequest = { email };
  return apiRequest<EmailCheckResponse>('/api/users/email-check', { method: 'POST', json: request });
}

/** Mails a sign-in link; a first sign-in by link also gives the names (decision 026). */
export function requestSignInLink(request: SignInLinkRequest): Promise<LinkSentResponse> {
  return apiRequest<LinkSentResponse>('/api/auth/sign-in-link', { method: 'POST', json: request });
}

export function completeSignInLink(request: SignInLinkCompleteRequest): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/auth/sign-in-link/complete', { method: 'POST', json: request });
}

/** Mails the owner of a username a link to claim the account (decision 026). */
export function requestClaimLink(username: string): Promise<LinkSentResponse> {
  const request: ClaimLinkRequest = { username };
  return apiRequest<LinkSentResponse>('/api/auth/claim-link', { method: 'POST', json: request });
}

export function requestPasswordReset(email: string): Promise<LinkSentResponse> {
  const request: PasswordResetRequest = { email };
  return apiRequest<LinkSentResponse>('/api/auth/password-reset', { method: 'POST', json: request });
}

export function completePasswordReset(token: string, password: string): Promise<PasswordResetCompleteResponse> {
  const request: PasswordResetCompleteRequest = { token, password };
  return apiRequest<PasswordResetCompleteResponse>('/api/auth/password-reset/complete', {
    method: 'POST',
    json: request,
  });
}

/** A mailed code for `action` (/verify, 'Enter PIN'): right, it answers the user and where to go next. */
export function checkVerificationCode(
  action: VerificationCheckRequest['action'],
  code: string,
): Promise<VerificationCheckResponse> {
  const request: VerificationCheckRequest = { action, code };
  return apiRequest<VerificationCheckResponse>('/api/verification/check', { method: 'POST', json: request });
}

/** The first e-mail verification (/verify): send a new code. */
export function resendVerifyCode(): Promise<unknown> {
  const request: VerificationSendRequest = { action: 'verify user' };
  return apiRequest('/api/verification/send', { method: 'POST', json: request });
}
