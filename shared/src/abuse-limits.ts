/**
 * What a client is told when a limit beyond the spec stops it (issue 18). The
 * spec has no words for these, so they are plain and say when to try again.
 */
function inMinutes(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const LIMIT_MESSAGES = {
  wrongCodesForEmail: (waitMs: number) =>
    `Too many wrong codes were tried for this email address. Please request a new code in ${inMinutes(waitMs)}.`,
  mailsToEmail: (waitMs: number) =>
    `Too many emails were sent to this email address. Please try again in ${inMinutes(waitMs)}.`,
  mailsFromClient: (waitMs: number) =>
    `Too many emails were requested from your network. Please try again in ${inMinutes(waitMs)}.`,
  signUpsFromClient: (waitMs: number) =>
    `Too many accounts were created from your network. Please try again in ${inMinutes(waitMs)}.`,
  signInsFromClient: (waitMs: number) =>
    `Too many failed sign-ins from your network. Please try again in ${inMinutes(waitMs)}.`,
} as const;
