import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { createLogger } from './logger.ts';
import { createErrorHandler } from './on-error.ts';

function appThrowing(error: Error) {
  const app = new Hono().get('/boom', () => {
    throw error;
  });
  app.onError(createErrorHandler(createLogger('silent')));
  return app;
}

describe('the one error handler', () => {
  it("answers an unexpected error as a bare 500 with spec 1 §8's 'Internal server error.' and no stack", async () => {
    const response = await appThrowing(new Error('database exploded at /secret/path.ts:12')).request('/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ errors: [{ code: 'internal', msg: 'Internal server error.' }] });
    expect(text).not.toContain('secret');
  });

  it('answers an AppError with its status, code and every message', async () => {
    const error = new AppError('validation_failed', [
      { msg: 'Email is required.', field: 'email' },
      { msg: 'Password is required.', field: 'password' },
    ]);
    const response = await appThrowing(error).request('/boom');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: [
        { code: 'validation_failed', msg: 'Email is required.', field: 'email' },
        { code: 'validation_failed', msg: 'Password is required.', field: 'password' },
      ],
    });
  });
});
