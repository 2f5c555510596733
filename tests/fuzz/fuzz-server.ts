import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@campus/sync-server/config';
import { type RunningServer, startServer } from '@campus/sync-server/server';
import { createSession, generateSessionToken } from '@campus/sync-server/sessions/session';
import { createUser } from '@campus/sync-server/test/factories';

/** A student the suite drives: their campus's host and a session cookie. */
export interface Member {
  userId: string;
  campusId: string;
  /** The campus's host name without a port: ou.localhost, utexas.localhost. */
  hostname: string;
  token: string;
}

const HOSTNAMES: Record<string, string> = { ou: 'ou.localhost', ut: 'utexas.localhost' };

/**
 * The real server on a file database in its own data directory. `restart()`
 * closes it (in-flight requests get a short grace, then are cut) and starts
 * a new process-equivalent on the same directory, on a new port: everything
 * that talks to it reads `port` each time.
 */
export class FuzzServer {
  private running: RunningServer | null = null;
  private constructor(private readonly dataDir: string) {}

  static async start(): Promise<FuzzServer> {
    const server = new FuzzServer(await mkdtemp(path.join(tmpdir(), 'campus-fuzz-')));
    await server.boot();
    return server;
  }

  private async boot() {
    const config = loadConfig(
      // A short grace on close so a restart can cut requests mid-way (receipts left pending).
      { DATA_DIR: this.dataDir, LOG_LEVEL: 'silent', SHUTDOWN_TIMEOUT_MS: '50' },
      { port: 0, host: '127.0.0.1', seedDemo: false },
    );
    this.running = await startServer(config);
  }

  /** The port it listens on now, or null while it is down. */
  get port(): number | null {
    return this.running?.port ?? null;
  }

  /** The running server; throws while it is down. */
  get current(): RunningServer {
    if (!this.running) throw new Error('the server is down');
    return this.running;
  }

  async restart(downMs: number): Promise<void> {
    const old = this.running;
    this.running = null;
    await old?.close();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.boot();
  }

  async addMember(campusId: 'ou' | 'ut'): Promise<Member> {
    const db = this.current.db;
    const user = await createUser(db, {
      campus_id: campusId,
      email: `fuzz-${crypto.randomUUID()}@${campusId === 'ou' ? 'ou.edu' : 'utexas.edu'}`,
      username: `fuzz${crypto.randomUUID().slice(0, 8)}`,
      profile_set_up: 1,
      bio: 'fuzz',
      img: '/a.webp',
    });
    const token = generateSessionToken();
    await createSession(db, token, user.id);
    return { userId: user.id, campusId, hostname: HOSTNAMES[campusId] ?? 'ou.localhost', token };
  }

  async close(): Promise<void> {
    await this.running?.close();
    this.running = null;
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
