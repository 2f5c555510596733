import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findOrCreateChat } from '@campus/sync-server/chats/chats.repository';
import { loadConfig } from '@campus/sync-server/config';
import { type RunningServer, startServer } from '@campus/sync-server/server';
import { createSession, generateSessionToken } from '@campus/sync-server/sessions/session';
import { createUser } from '@campus/sync-server/test/factories';

/** Issue 18 benches (chat-flood, long-chat-open): our server in this process, over a fresh database file. */
export interface BenchMember {
  id: string;
  token: string;
}

const HOST = 'ou.localhost';

export async function startBenchServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-chat-bench-'));
  const server = await startServer(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }, { port: 0, host: '127.0.0.1', seedDemo: false }),
  );
  return {
    server,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function benchMember(server: RunningServer, firstName: string): Promise<BenchMember> {
  const user = await createUser(server.db, { campus_id: 'ou', first_name: firstName, profile_set_up: 1 });
  const token = generateSessionToken();
  await createSession(server.db, token, user.id);
  return { id: user.id, token };
}

export async function benchChat(server: RunningServer, a: BenchMember, b: BenchMember): Promise<string> {
  return (await findOrCreateChat(server.db, 'ou', a.id, b.id)).chatId;
}

export function socketHeaders(server: RunningServer, member: BenchMember): Record<string, string> {
  const host = `${HOST}:${server.port}`;
  return { host, origin: `http://${host}`, cookie: `session=${member.token}` };
}

/** GET `pathname` as `member`: status, body bytes and the body. */
export function getAs(server: RunningServer, member: BenchMember, pathname: string) {
  return new Promise<{ status: number; bytes: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path: pathname, headers: socketHeaders(server, member) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, bytes: body.length, body: body.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
