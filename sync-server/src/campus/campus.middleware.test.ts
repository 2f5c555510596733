import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/env.ts';
import { resolveCampus } from './campus.middleware.ts';

function campusApp(baseDomain?: string, isProduction = false) {
  return new Hono<AppEnv>()
    .use(resolveCampus({ baseDomain, isProduction }))
    .get('/', (c) => c.text(c.get('campus').id))
    .get('/api/health', (c) => c.text('ok'));
}

async function campusFor(app: ReturnType<typeof campusApp>, host: string): Promise<string> {
  return (await app.request('/', { headers: { host } })).text();
}

describe('resolveCampus', () => {
  it('answers each Host with its own campus, again and again, and unknown hosts with OU', async () => {
    const app = campusApp('campusbuysell.example');
    for (let round = 0; round < 2; round++) {
      expect(await campusFor(app, 'utexas.localhost')).toBe('ut');
      expect(await campusFor(app, 'ou.localhost')).toBe('ou');
      expect(await campusFor(app, 'UTEXAS.campusbuysell.example:443')).toBe('ut');
      expect(await campusFor(app, 'evil.example')).toBe('ou');
    }
  });

  it('stays right after more distinct Hosts than it remembers', async () => {
    const app = campusApp();
    for (let index = 0; index < 600; index++) expect(await campusFor(app, `x${index}.localhost`)).toBe('ou');
    expect(await campusFor(app, 'utexas.localhost')).toBe('ut');
  });
});

// issue 42: in production a request for any host, example.org included, was served as OU.
describe('resolveCampus in production', () => {
  it('serves the sites under BASE_DOMAIN and the generic site on the domain itself', async () => {
    const app = campusApp('campusbuysell.example', true);
    expect(await campusFor(app, 'utexas.campusbuysell.example')).toBe('ut');
    expect(await campusFor(app, 'campusbuysell.example')).toBe('campus');
    expect(await campusFor(app, 'www.campusbuysell.example')).toBe('campus');
  });

  it('answers any other host with a plain 404 page, never a school, and keeps the health check', async () => {
    const app = campusApp('campusbuysell.example', true);
    for (const host of ['example.org', 'ou.localhost:8080', '127.0.0.1:8080', 'ou.example.org']) {
      const response = await app.request('/', { headers: { host } });
      expect(response.status, host).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('There is no campus site at this address.');
    }
    const health = await app.request('/api/health', { headers: { host: '127.0.0.1:8080' } });
    expect(health.status).toBe(200);
  });
});
