/**
 * The error contract between server and web (STYLE.md convention 4): one
 * envelope `{ errors: [{ code, msg, field? }] }`. The web client shows each
 * `msg` as its own alert (spec 1 §7), so `msg` is always user-facing text.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 422,
  unauthorized: 401,
  forbidden: 403,
  /** spec 1 §5 location gate: the client shows /404. */
  location_blocked: 403,
  /** spec 2 §1, §6: a private campus's gated content (docs/decisions/012); the client shows the join gate. */
  private_campus: 403,
  /** spec 2 §2 Search: a signed-in user who has not verified their e-mail; the client goes to /verify. */
  not_verified: 403,
  /** spec 2 §2 Search: a user without a school e-mail; the client goes to /settings/account/school_email. */
  school_email_required: 403,
  not_found: 404,
  gone: 410,
  conflict: 409,
  /** spec 3 §2 Boost page: the post already has an ad in progress; the web stores the already_boosted alert. */
  already_boosted: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  /** A feature this server runs without (boosts with no payment provider, decision 041). */
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiError {
  code: string;
  msg: string;
  field?: string;
}

export interface ErrorEnvelope {
  errors: ApiError[];
}

/** Checked by hand rather than with zod so the web bundle does not carry a schema library for it. */
export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const { errors } = value as { errors?: unknown };
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every(
      (error: unknown) =>
        typeof error === 'object' &&
        error !== null &&
        typeof (error as ApiError).code === 'string' &&
        typeof (error as ApiError).msg === 'string',
    )
  );
}

/** Generic messages for failures the spec gives no text for. */
export const GENERIC_MESSAGES = {
  badJson: 'The request body is not valid JSON.',
  tooLarge: 'The request is too large.',
  notFound: 'Not found.',
  internal: 'Internal server error.',
  somethingWentWrong: 'Something went wrong',
} as const;
