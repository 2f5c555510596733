import { mkdtemp, rm } from 'node:fs/promises';
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

/**
 * Starts the real server, serving the built PWA (run `npm run build` first),
 * on a free port with its own data directory, seeded with the demo campus.
 * `env` adds settings (TRUST_PROXY for a browser that claims an address).
 * The server-written first screen (decision 049) is on in `npm start`; here only with `firstScreen: true`
 * (its timing made journeys that act before the swap flaky; the tests of the screen itself turn it on).
 */
export async function startAppServer({
  seedDemo = true,
  firstScreen = false,
  env = {},
}: {
  seedDemo?: boolean;
  firstScreen?: boolean;
  env?: Record<string, string>;
} = {}): Promise<AppServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-e2e-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      FIRST_SCREEN: firstScreen ? 'on' : 'off',
      // The demo's rendered images, kept between the suite's many seeded servers (demo/art-cache.ts).
      DEMO_ART_CACHE: DEMO_ART_CACHE,
      ...env,
    },
    { port: 0, host: '127.0.0.1', seedDemo, webDist: path.join(repoRoot, 'web/dist') },
  );
  const server = await startServer(config);
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
