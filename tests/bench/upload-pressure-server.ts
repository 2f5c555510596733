/**
 * The real server in its own process for upload-pressure.bench.ts: a
 * temporary DATA_DIR, port 0, no demo data, a poster's session and a few
 * accounts with a password to sign in with. The bench reads this process's
 * memory from /proc, so nothing else runs here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from '@campus/sync-server/auth/password';
import { loadConfig } from '@campus/sync-server/config';
import { startServer } from '@campus/sync-server/server';
import { createSession, generateSessionToken } from '@campus/sync-server/sessions/session';
import { createUser } from '@campus/sync-server/test/factories';

export interface PressureServerReady {
  type: 'ready';
  port: number;
  posterToken: string;
  loginEmails: string[];
  password: string;
}

const PASSWORD = 'correct horse battery staple';
const LOGIN_ACCOUNTS = 4;

const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-upload-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { port: 0, seedDemo: false });
const server = await startServer(config);
const poster = await createUser(server.db, { profile_set_up: 1, img: '/media/avatars/x.webp', bio: 'Selling.' });
const posterToken = generateSessionToken();
await createSession(server.db, posterToken, poster.id);
const passwordHash = await hashPassword(PASSWORD);
const loginEmails: string[] = [];
for (let index = 0; index < LOGIN_ACCOUNTS; index++) {
  const user = await createUser(server.db, { password_hash: passwordHash });
  loginEmails.push(user.email);
}
process.send?.({
  type: 'ready',
  port: server.port,
  posterToken,
  loginEmails,
  password: PASSWORD,
} satisfies PressureServerReady);

async function stop(): Promise<void> {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('message', stop);
// The bench died: do not outlive it.
process.on('disconnect', stop);
