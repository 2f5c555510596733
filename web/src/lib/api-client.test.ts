import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiExchange, apiRequest, isNetworkError, onSessionEnded } from './api-client.ts';

/** The one client against a stubbed fetch: the envelope read once, 401 told once to the session. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status, headers })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client', () => {
  it("throws the envelope's messages for a refusal, and answers the body of a success", async () => {
    answer(422, { errors: [{ code: 'validation_failed', msg: 'Password too short.' }] });
    const refused = await apiRequest('/api/auth/register', { method: 'POST', json: {} }).catch((error) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused).toMatchObject({ status: 422, message: 'Password too short.' });

    answer(200, { user: null });
    expect(await apiRequest('/api/auth/me')).toEqual({ user: null });
  });

  it('says status 0 when the network failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const failed = (await apiRequest('/api/campus').catch((error: unknown) => error)) as ApiRequestError;
    expect(isNetworkError(failed)).toBe(true);
    expect(failed.message).toBe('Network error. Please check your connection');
  });

  it('tells the session listeners of every 401, and the caller still gets the refusal', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    answer(401, { errors: [{ code: 'unauthorized', msg: 'Please sign in.' }] });
    await expect(apiRequest('/api/blocks')).rejects.toMatchObject({ status: 401 });
    expect((await apiExchange('/api/posts', { method: 'POST', json: {} })).status).toBe(401);
    expect(ended).toHaveBeenCalledTimes(2);

    answer(403, { errors: [{ code: 'forbidden', msg: 'No.' }] });
    await expect(apiRequest('/api/posts')).rejects.toMatchObject({ status: 403 });
    stop();
    answer(401, null);
    await expect(apiRequest('/api/blocks')).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(2);
  });

  it('sends the mutation id as Idempotency-Key and reads whether the server replayed the answer', async () => {
    answer(201, { id: 'p1' }, { 'Idempotent-Replayed': 'true' });
    const sent = await apiExchange('/api/posts', { method: 'POST', json: { text: 'x' }, idempotencyKey: 'm1' });
    expect(sent).toEqual({ status: 201, body: { id: 'p1' }, replayed: true });
    const [, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'Idempotency-Key': 'm1', 'Content-Type': 'application/json' });
  });
});
