/** spec 1 §6: the auth-gate modal's title by the action that opened it. */
export const AUTH_GATE_TITLES = {
  search: 'Start searching.',
  post: 'Create a post.',
  like: 'Like this post to share the love.',
  comment: 'Comment to join the conversation.',
  message: 'Join Group so you can message privately.',
  join: 'Join Your Campus',
} as const;

export type AuthGateType = keyof typeof AUTH_GATE_TITLES;

/** spec 1 §4: the verify-school modal's text for a signed-in student without a school e-mail. */
export const VERIFY_SCHOOL_TITLES = {
  post: 'Verify your account to create a post.',
  message: 'Verify your account to send a message.',
  comment: 'Verify your account to comment.',
  // No spec words for a save: the server's refusal (POST_MESSAGES.verifyToContinue, docs/decisions/023).
  like: 'Verify your account to continue.',
} as const;

export type VerifySchoolType = keyof typeof VERIFY_SCHOOL_TITLES;
