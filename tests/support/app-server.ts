import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@campus/sync-server/config';
import { type RunningServer, startServer } from '@campus/sync-server/server';

export interface AppServer {
  server: RunningServer;
  port: number;
  dataDir: string;
  /** The origin of a campus site, e.g. origin('ou') is http://ou.localhost:PORT (Chromium resolves *.localhost). */
  origin(subdomain: string): string;
  close(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');
const DEMO_ART_CACHE = path.join(repoRoot, 'node_modules/.cache/campus-demo-art');

/** The settings every test server runs with, on top of `npm start`'s defaults. */
function testConfig(dataDir: string, env: Record<string, string>, seedDemo: boolean) {
  return loadConfig(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // The demo's rendered images, kept between the suite's many seeded servers (demo/art-cache.ts).
      DEMO_ART_CACHE: DEMO_ART_CACHE,
      ...env,
    },
    { port: 0, host: '127.0.0.1', seedDemo, webDist: path.join(repoRoot, 'web/dist') },
  );
}

/** Migrates and seeds the demo campus into `dataDir` with the real server's start-up, then stops it. */
export async function seededDataDir(dataDir: string): Promise<void> {
  const server = await startServer(testConfig(dataDir, {}, true));
  await server.close();
}

/** The e2e run's seeded data directory (e2e-global-setup.ts), when this runs inside it. */
async function seededTemplate(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('e2eTemplateDir');
}

/**
 * Starts the real server as `npm start` configures it (the written first screen on, decision 049),
 * serving the built PWA (run `npm run build` first), on a free port with its own data directory,
 * seeded with the demo campus: a copy of the e2e run's seeded template when there is one.
 * `env` adds settings (TRUST_PROXY for a browser that claims an address); `FIRST_SCREEN: 'off'`
 * is for a test that says why it needs the app alone.
 */
export async function startAppServer({
  seedDemo = true,
  env = {},
}: {
  seedDemo?: boolean;
  env?: Record<string, string>;
} = {}): Promise<AppServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-e2e-'));
  const template = seedDemo ? await seededTemplate() : undefined;
  if (template) await cp(template, dataDir, { recursive: true });
  const server = await startServer(testConfig(dataDir, env, seedDemo));
  return {
    server,
    port: server.port,
    dataDir,
    origin: (subdomain) => `http://${subdomain}.localhost:${server.port}`,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
