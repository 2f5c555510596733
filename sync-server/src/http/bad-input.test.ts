import type { ErrorEnvelope } from '@campus/shared/errors';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

function post(json: string, contentType = 'application/json'): RequestInit {
  return { method: 'POST', body: json, headers: { 'content-type': contentType } };
}

async function envelope(response: Response): Promise<ErrorEnvelope> {
  const body = (await response.json()) as ErrorEnvelope;
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|Error:/); // no stack trace leaks
  return body;
}

describe('malformed API requests get a 4xx with the error envelope', () => {
  it('bad JSON is a 400', async () => {
    const { request } = await createTestApp();
    const response = await request('/api/users/email-check', post('{"email": '));
    expect(response.status).toBe(400);
    expect((await envelope(response)).errors).toEqual([
      { code: 'bad_request', msg: 'The request body is not valid JSON.' },
    ]);
  });

  it('wrong types get the spec messages with the field', async () => {
    const { request } = await createTestApp();
    const missing = await request('/api/users/email-check', post('{}'));
    expect(missing.status).toBe(422);
    expect((await envelope(missing)).errors).toEqual([
      { code: 'validation_failed', msg: 'Email is required.', field: 'email' },
    ]);
    const wrongType = await request('/api/users/email-check', post('{"email": 42}'));
    expect((await envelope(wrongType)).errors[0]?.msg).toBe('Email is required.');
    const invalid = await request('/api/users/email-check', post('{"email": "not-an-address"}'));
    expect((await envelope(invalid)).errors[0]).toMatchObject({ msg: 'Invalid email address!', field: 'email' });
    const notAnObject = await request('/api/users/email-check', post('[1, 2]'));
    expect(notAnObject.status).toBe(422);
  });

  it('an oversize body is a 413, refused before it is parsed', async () => {
    const { request } = await createTestApp({ maxJsonBytes: 1024 });
    const response = await request(
      '/api/users/email-check',
      post(JSON.stringify({ email: `${'a'.repeat(5000)}@ou.edu` })),
    );
    expect(response.status).toBe(413);
    expect((await envelope(response)).errors[0]).toEqual({
      code: 'payload_too_large',
      msg: 'The request is too large.',
    });
  });

  it('an unknown API path or method is a 404 envelope, not the HTML shell', async () => {
    const { request } = await createTestApp();
    const unknown = await request('/api/definitely-not-here');
    expect(unknown.status).toBe(404);
    expect((await envelope(unknown)).errors[0]?.code).toBe('not_found');
    const wrongMethod = await request('/api/campus', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(404);
  });

  it('a bad query parameter is a 400 with the field named', async () => {
    const { request } = await createTestApp();
    const badLimit = await request('/api/posts/feed?limit=abc');
    expect(badLimit.status).toBe(400);
    expect((await envelope(badLimit)).errors[0]?.field).toBe('limit');
    const badCursor = await request('/api/posts/feed?cursor=%%%');
    expect(badCursor.status).toBe(400);
    expect((await envelope(badCursor)).errors[0]).toMatchObject({
      msg: 'The feed cursor is not valid.',
      field: 'cursor',
    });
  });
});
