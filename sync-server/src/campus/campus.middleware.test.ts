import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/env.ts';
import { resolveCampus } from './campus.middleware.ts';

function campusApp(baseDomain?: string) {
  return new Hono<AppEnv>().use(resolveCampus(baseDomain)).get('/', (c) => c.text(c.get('campus').id));
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
