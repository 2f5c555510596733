import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope, GENERIC_MESSAGES } from '@campus/shared/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from './app-error.ts';
import type { Logger } from './logger.ts';

function codeForStatus(status: number): ErrorCode {
  const match = Object.entries(ERROR_STATUS).find(([, value]) => value === status);
  return (match?.[0] as ErrorCode | undefined) ?? (status >= 500 ? 'internal' : 'bad_request');
}

/**
 * The one `app.onError` (STYLE.md: Hono). Known errors become the envelope
 * with their status; anything else is logged with its stack and answered as
 * a bare 500 so no internals reach the client.
 */
export function createErrorHandler(logger: Logger) {
  return function onError(error: Error, c: Context): Response {
    if (error instanceof AppError) {
      const body: ErrorEnvelope = { errors: error.errors.map((item) => ({ code: error.code, ...item })) };
      return c.json(body, error.status as ContentfulStatusCode);
    }
    if (error instanceof HTTPException) {
      const code = codeForStatus(error.status);
      const msg = code === 'payload_too_large' ? GENERIC_MESSAGES.tooLarge : error.message || GENERIC_MESSAGES.internal;
      return c.json({ errors: [{ code, msg }] } satisfies ErrorEnvelope, error.status);
    }
    logger.error('unhandled error', { path: c.req.path, method: c.req.method, stack: error.stack });
    return c.json({ errors: [{ code: 'internal', msg: GENERIC_MESSAGES.internal }] } satisfies ErrorEnvelope, 500);
  };
}
