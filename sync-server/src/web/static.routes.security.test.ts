import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

/** A build that (wrongly) left source maps beside its files. */
async function webDistWithSourceMaps(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'campus-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/main.tsx"]}');
  await writeFile(path.join(dist, 'sw.js'), '// worker');
  await writeFile(path.join(dist, 'sw.js.map'), '{"version":3,"sources":["../sw/src/sw.ts"]}');
  return dist;
}

// issue 18 item 9: source maps were served in production.
describe('source maps in production', () => {
  it('are a 404 wherever they lie, while the files they map are served', async () => {
    const app = await createTestApp({ isProduction: true, webDist: await webDistWithSourceMaps() });
    for (const map of ['/assets/index-abc123.js.map', '/sw.js.map', '/assets/other.css.map', '/x.map']) {
      const response = await app.request(map);
      expect(response.status, map).toBe(404);
      expect(await response.text(), map).not.toContain('sources');
    }
    expect((await app.request('/assets/index-abc123.js')).status).toBe(200);
    expect((await app.request('/sw.js')).status).toBe(200);
  });
});
