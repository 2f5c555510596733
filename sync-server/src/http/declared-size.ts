import type { Context, Next } from 'hono';
import type { AppError } from './app-error.ts';

/**
 * Refuses a request whose Content-Length is past `maxBytes` before reading
 * any of it. File routes stream their bodies and count the bytes themselves
 * (uploads/receive-file.ts), so this is the only check a body makes up front.
 */
export function refuseDeclaredOversize(maxBytes: number, tooLarge: () => AppError) {
  return async function declaredSize(c: Context, next: Next): Promise<void> {
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
    await next();
  };
}
