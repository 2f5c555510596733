/**
 * The real server, as production starts it (`npm run serve`: node with the
 * server's V8 flags and tsx, running `sync-server/src/main.ts`), in a child
 * process on port 0 with the given DATA_DIR. It is spawned ahead as a
 * standby (standby-server.ts: modules loaded, nothing opened) and started
 * when needed. `kill()` is SIGKILL: no shutdown hook, no final flush, no
 * checkpoint, exactly a crash.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { SERVER_NODE_FLAGS } from '@campus/sync-server/node-flags';

const START_TIMEOUT_MS = 30_000;

export interface ServerChild {
  readonly port: number;
  /** kill -9, then waits for the process to be gone. */
  kill(): Promise<void>;
  /** SIGTERM: the server's own graceful shutdown. */
  stop(): Promise<void>;
}

export interface StandbyServer {
  /** Runs main.ts: the server opens DATA_DIR and listens. */
  start(): Promise<ServerChild>;
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The database lives in DATA_DIR, whatever the developer's shell says. */
function withoutDatabaseFile(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_FILE: _ignored, ...rest } = env;
  return rest;
}

/** Spawns a standby server process for `dataDir`; answers once its modules are loaded. */
export async function spawnStandbyServer(dataDir: string): Promise<StandbyServer> {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(import.meta.dirname, 'standby-server.ts')],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...withoutDatabaseFile(process.env),
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        SMTP_URL: '',
        BASE_DOMAIN: '',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  // A test runner that exits (or fails) takes its servers with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));

  // The last lines of stderr say why a start failed; stdout is read to the end so the pipe never fills.
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    errors.push(chunk.toString());
    if (errors.length > 20) errors.shift();
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  function awaitLine<T>(what: string, read: (line: string) => T | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`the server was not ${what} in time: ${errors.join('')}`));
      }, START_TIMEOUT_MS);
      const onExit = (code: number | null, signal: string | null) => {
        clearTimeout(timer);
        reject(new Error(`the server exited before it was ${what} (${code ?? signal}): ${errors.join('')}`));
      };
      child.once('exit', onExit);
      const onLine = (line: string) => {
        const value = read(line);
        if (value === undefined) return;
        clearTimeout(timer);
        child.off('exit', onExit);
        lines.off('line', onLine);
        resolve(value);
      };
      lines.on('line', onLine);
    });
  }
  async function kill(): Promise<void> {
    child.kill('SIGKILL');
    await exited(child);
  }
  async function failed(error: unknown): Promise<never> {
    await kill();
    throw error;
  }

  await awaitLine('loaded', (line) => (line.includes('"standby"') ? true : undefined)).catch(failed);
  return {
    kill,
    async start() {
      const listening = awaitLine('listening', (line) => {
        if (!line.includes('"listening"')) return undefined;
        return Number(new URL((JSON.parse(line) as { url: string }).url).port);
      });
      child.stdin?.write('start\n');
      const port = await listening.catch(failed);
      return {
        port,
        kill,
        async stop() {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited(child);
          clearTimeout(timer);
        },
      };
    },
  };
}
