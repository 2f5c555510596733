import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@campus/sync-server/config';
import { type RunningServer, startServer } from '@campus/sync-server/server';

/**
 * The forked side of startBenchProcess (bench-process.ts): the real server over a temporary
 * DATA_DIR on port 0 of 127.0.0.1 with no demo data, answering each request the parent sends
 * with `answer`. The parent closing the IPC channel (or dying) ends the server and removes its data.
 */
export function runBenchServerProcess<Request extends { id: number }>(options: {
  dataDirPrefix: string;
  /** Config options beyond the port, host and demo data (rates, for instance). */
  config?: Parameters<typeof loadConfig>[1];
  isRequest(message: unknown): message is Request;
  answer(server: RunningServer, request: Request): Promise<unknown>;
}): void {
  const reply = (message: unknown) => process.send?.(message);

  async function main(): Promise<void> {
    const dataDir = await mkdtemp(path.join(tmpdir(), options.dataDirPrefix));
    const server = await startServer(
      loadConfig(
        { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        { port: 0, host: '127.0.0.1', seedDemo: false, ...options.config },
      ),
    );
    let closing = false;
    async function shutDown(): Promise<void> {
      if (closing) return;
      closing = true;
      await server.close().catch((error: unknown) => console.error('server close failed:', error));
      await rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
    process.on('message', (message: unknown) => {
      if (!options.isRequest(message)) {
        reply({ id: null, type: 'error', message: `unexpected message: ${JSON.stringify(message)}` });
        return;
      }
      options
        .answer(server, message)
        .then(reply, (error: unknown) => reply({ id: message.id, type: 'error', message: String(error) }));
    });
    process.on('disconnect', () => void shutDown());
    reply({ type: 'ready', port: server.port });
  }

  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
