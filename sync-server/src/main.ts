import { existsSync } from 'node:fs';
import { campusSiteOrigin } from './auth/site-origin.ts';
import { type Config, loadConfig, SettingError } from './config.ts';
import { type RunningServer, startServer } from './server.ts';

// Settings may live in a .env file beside package.json (see .env.example); the environment wins.
if (existsSync('.env')) process.loadEnvFile('.env');

/** A setting the server cannot start with (issue 42): its message on stderr, no stack, exit code 1. */
async function start(): Promise<{ config: Config; server: RunningServer }> {
  try {
    const config = loadConfig();
    return { config, server: await startServer(config) };
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

const { config, server } = await start();
server.logger.info('listening', {
  url: server.url,
  campuses: `${campusSiteOrigin('ou', config.baseDomain, server.port)}, ${campusSiteOrigin('utexas', config.baseDomain, server.port)}, …`,
  generic: campusSiteOrigin('campus', config.baseDomain, server.port),
});

let isStopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (isStopping) return;
    isStopping = true;
    server.logger.info('shutting down', { signal });
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  });
}
