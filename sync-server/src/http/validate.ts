import { GENERIC_MESSAGES } from '@campus/shared/errors';
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Reads and validates a JSON body. Bad JSON is a 400, a body of the wrong
 * shape a 422 listing every field's message (the spec's exact texts come from
 * the shared schemas).
 */
export async function readJson<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('bad_request', GENERIC_MESSAGES.badJson);
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new AppError(
      'validation_failed',
      result.error.issues.map((issue) => ({ msg: issue.message, field: issue.path.join('.') || undefined })),
    );
  }
  return result.data;
}

/** Reads a query string with its shared schema: a wrong one is a 400 naming each field (as the feed's cursor). */
export function readQuery<Schema extends z.ZodType>(c: Context, schema: Schema): z.infer<Schema> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) {
    throw new AppError(
      'bad_request',
      result.error.issues.map((issue) => ({ msg: issue.message, field: issue.path.join('.') || undefined })),
    );
  }
  return result.data;
}
