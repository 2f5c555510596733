import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestApp } from '@campus/sync-server/test/test-app';
import { describe, expect, it } from 'vitest';

const webDist = path.resolve(import.meta.dirname, '../../web/dist');

// issue 18 item 9: the production build shipped source maps, and the server served them.
describe('the production build (npm run build)', () => {
  it('emits no source map and references none', async () => {
    const files = (await readdir(webDist, { recursive: true })).map(String);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const texts = files.filter((file) => /\.(js|css|html)$/.test(file));
    expect(texts.length).toBeGreaterThan(3);
    for (const file of texts) {
      expect(await readFile(path.join(webDist, file), 'utf8'), file).not.toContain('sourceMappingURL');
    }
  });

  it('answers 404 for every *.map next to its built files when NODE_ENV=production', async () => {
    const app = await createTestApp({ isProduction: true, webDist });
    const scripts = (await readdir(path.join(webDist, 'assets'))).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of [...scripts.map((script) => `assets/${script}`), 'sw.js']) {
      expect((await app.request(`/${file}`)).status, file).toBe(200);
      expect((await app.request(`/${file}.map`)).status, `${file}.map`).toBe(404);
    }
  });
});
