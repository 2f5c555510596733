import { existsSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

// Settings may live in a .env file beside package.json (see .env.example); the environment wins.
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const server = await startServer(config);
server.logger.info('listening', {
  url: server.url,
  campuses: `http://ou.localhost:${server.port}, http://utexas.localhost:${server.port}, …`,
  generic: `http://campus.localhost:${server.port}`,
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
