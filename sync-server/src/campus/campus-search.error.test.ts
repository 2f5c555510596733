import { SCHOOL_FINDER_MESSAGES } from '@campus/shared/campus-search-api';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

describe('the school finder refuses bad input with a 4xx envelope', () => {
  it('answers 400 for a query over 100 characters', async () => {
    const { request } = await createTestApp();
    const response = await request(`/api/campuses/search?q=${'a'.repeat(101)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [{ code: 'bad_request', msg: SCHOOL_FINDER_MESSAGES.queryTooLong, field: 'q' }],
    });
    expect((await request(`/api/campuses/search?q=${'a'.repeat(100)}`)).status).toBe(200);
  });

  it('answers 404 for an unknown school and for the generic site, which is not a school', async () => {
    const { request } = await createTestApp();
    for (const id of ['nowhere', 'campus', '%00', 'ut%2F..']) {
      const response = await request(`/api/campuses/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({
        errors: [{ code: 'not_found', msg: SCHOOL_FINDER_MESSAGES.schoolNotFound }],
      });
    }
  });
});
