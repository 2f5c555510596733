/**
 * Google sign-in failures travel as `/login?googleError=<code>` because the
 * flow ends in a browser redirect, not a JSON answer; the web turns the code
 * into the spec's text (spec 1 §8) with `googleErrorMessage`.
 */
import { GOOGLE_MESSAGES } from './account-rules.ts';

/** The codes the server's callback sends; each names a §8 message. */
const GOOGLE_ERROR_CODES = {
  network: 'network',
  cancelled: 'cancelled',
  differentCredential: 'differentCredential',
  invalidCredential: 'invalidCredential',
  disabled: 'disabled',
  notFound: 'notFound',
  wrongPassword: 'wrongPassword',
  unknown: 'unknown',
  flow: 'flow',
  banned: 'banned',
} as const;

export type GoogleErrorCode = (typeof GOOGLE_ERROR_CODES)[keyof typeof GOOGLE_ERROR_CODES];

const MESSAGE_BY_CODE: Record<GoogleErrorCode, string> = {
  network: GOOGLE_MESSAGES.network,
  cancelled: GOOGLE_MESSAGES.cancelled,
  differentCredential: GOOGLE_MESSAGES.differentCredential,
  invalidCredential: GOOGLE_MESSAGES.invalidCredential,
  disabled: GOOGLE_MESSAGES.disabled,
  notFound: GOOGLE_MESSAGES.notFound,
  wrongPassword: GOOGLE_MESSAGES.wrongPassword,
  unknown: GOOGLE_MESSAGES.unknown,
  flow: GOOGLE_MESSAGES.flowFailure,
  banned: GOOGLE_MESSAGES.banned,
};

function isGoogleErrorCode(code: string): code is GoogleErrorCode {
  // Object.hasOwn: a query string of 'toString' or '__proto__' must not reach the prototype.
  return Object.hasOwn(MESSAGE_BY_CODE, code);
}

/** The §8 message for a `googleError` code; anything unrecognised reads as the default. */
export function googleErrorMessage(code: string): string {
  return isGoogleErrorCode(code) ? MESSAGE_BY_CODE[code] : GOOGLE_MESSAGES.unknown;
}
