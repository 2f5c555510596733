import type { CampusSearchDto, CampusSearchHitDto } from '@campus/shared/campus-search-api';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

async function search(
  request: (path: string, init?: { host?: string }) => Promise<Response>,
  q: string,
  host?: string,
) {
  const response = await request(`/api/campuses/search?q=${encodeURIComponent(q)}`, { host });
  expect(response.status).toBe(200);
  return (await response.json()) as CampusSearchDto;
}

describe('GET /api/campuses/search (spec 2 School finder)', () => {
  it("finds UT for 'Texas' on the generic site, with city, state, country, logo and site", async () => {
    const { request } = await createTestApp();
    const { campuses } = await search(request, 'Texas', 'campus.localhost');
    const ut = campuses.find((campus) => campus.id === 'ut');
    expect(ut).toEqual({
      id: 'ut',
      name: 'University of Texas at Austin',
      shortName: 'UT',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      logoUrl: '/brand/ut/logo.svg',
      subdomain: 'utexas',
    } satisfies CampusSearchHitDto);
    expect(campuses.map((campus) => campus.id)).toEqual(expect.arrayContaining(['ut', 'tamu', 'unt', 'smu']));
  });

  it('matches as you type and through a typo, the same answer on every site', async () => {
    const { request } = await createTestApp();
    expect((await search(request, 'gaines')).campuses.map((campus) => campus.id)).toEqual(['uf']);
    const typo = await search(request, 'Stamford', 'utexas.localhost');
    expect(typo.campuses.map((campus) => campus.id)).toEqual(['stanford']);
  });

  it('answers an empty list for an empty query or no match, and can be cached', async () => {
    const { request } = await createTestApp();
    const empty = await request('/api/campuses/search');
    expect(await empty.json()).toEqual({ campuses: [] });
    expect(empty.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await search(request, 'qqqqq zzzzz')).campuses).toEqual([]);
  });

  it('GET /api/campuses/:id answers one school', async () => {
    const { request } = await createTestApp();
    const response = await request('/api/campuses/stanford');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'stanford', name: 'Stanford University', city: 'Stanford' });
  });
});
