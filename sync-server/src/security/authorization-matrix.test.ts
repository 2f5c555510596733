import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isErrorEnvelope } from '@campus/shared/errors';
import type { Hono } from 'hono';
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type RunningServer, startServer } from '../server.ts';
import { closeMatrixClient, openSocket, sendHttp } from './authorization-matrix.client.ts';
import { type Cell, MATRIX_ROWS, type MatrixRow } from './authorization-matrix.table.ts';
import { buildWorld, CAMPUS_A_HOST, ROLES, type Role, sessionFor, type World } from './authorization-matrix.world.ts';

/** Chains every request passes (logging, headers, campus, the /api guards): not routes of their own. */
const APP_WIDE_PATHS = new Set(['/*', '/api/*']);

/**
 * `METHOD /path` of every handler the app serves, plus `ALL /path` for a path only
 * middleware answers (the static file servers under /media and /assets).
 */
function httpRouteKeys(app: Hono): string[] {
  const routes = inspectRoutes(app);
  const handled = routes.filter((route) => !route.isMiddleware);
  const handledPaths = new Set(handled.map((route) => route.path));
  const servedByMiddleware = routes.filter(
    (route) => route.isMiddleware && !handledPaths.has(route.path) && !APP_WIDE_PATHS.has(route.path),
  );
  return [
    ...handled.map((route) => `${route.method} ${route.path}`),
    ...servedByMiddleware.map((route) => `ALL ${route.path}`),
  ];
}

let server: RunningServer;
let dataDir: string;
let sharedWorld: World;
let cellCount = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'campus-matrix-'));
  // A tiny web build, so the SPA and /assets rows answer the same whether or not `npm run build` ran.
  const webDist = path.join(dataDir, 'web');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Campus</title>');
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'export {};');
  server = await startServer(
    loadConfig(
      // Every row mails from one address: the hourly cap per client (decision 017) is not what this test asks.
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: webDist, MAILS_PER_CLIENT_PER_HOUR: '1000' },
      { port: 0, host: '127.0.0.1', seedDemo: false },
    ),
  );
  sharedWorld = await buildWorld(server.db, dataDir);
});

afterAll(async () => {
  closeMatrixClient();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** One cell's answer, written as the row's expectation writes it. */
async function answerOf(row: MatrixRow, role: Role, expected: string): Promise<string> {
  const world = row.isFresh ? await buildWorld(server.db, dataDir) : sharedWorld;
  const session = await sessionFor(server.db, world, role);
  const cell: Cell = { ...world, role, actor: role === 'visitor' ? null : world.users[role], n: ++cellCount };
  const request = await row.request(cell);
  const target = { path: request.path, host: CAMPUS_A_HOST, port: server.port, session };
  if (row.kind === 'socket') return await openSocket(target);

  const routeMethod = row.route.slice(0, row.route.indexOf(' '));
  const method = request.method ?? (routeMethod === 'ALL' ? 'GET' : routeMethod);
  const answer = await sendHttp({ ...target, method, json: request.json, form: request.form });
  let token = String(answer.status);
  if (/^\dxx/.test(expected) && token[0] === expected[0]) token = expected.slice(0, 3);
  // Every refusal of the API is the error envelope, never a bare page or a stack trace.
  if (answer.status >= 400 && request.path.startsWith('/api/') && !isEnvelope(answer.body))
    token += '(not an envelope)';
  const visibility = /[+-]$/.exec(expected)?.[0];
  if (visibility) {
    if (!request.mark) throw new Error(`${row.route}: a +/- expectation needs the request's mark`);
    token += answer.body.includes(request.mark) ? '+' : '-';
  }
  return token;
}

function isEnvelope(body: string): boolean {
  try {
    return isErrorEnvelope(JSON.parse(body));
  } catch {
    return false;
  }
}

describe('the authorization matrix (issue 18)', () => {
  it('has a row for every HTTP route and WebSocket path, and none for a route that is gone', () => {
    const served = new Set([...httpRouteKeys(server.app as unknown as Hono), ...server.socketPaths]);
    const listed = new Set(MATRIX_ROWS.map((row) => row.route));
    const missing = [...served].filter((route) => !listed.has(route));
    const gone = [...listed].filter((route) => !served.has(route));
    expect(missing, 'routes without a row in authorization-matrix.table.ts').toEqual([]);
    expect(gone, 'rows in authorization-matrix.table.ts for routes the server no longer serves').toEqual([]);
  });

  it('writes one answer per role in every row', () => {
    const malformed = MATRIX_ROWS.filter((row) => row.expect.split(' ').length !== ROLES.length);
    expect(malformed.map((row) => row.route)).toEqual([]);
  });

  for (const row of MATRIX_ROWS) {
    const name = `${row.kind === 'socket' ? 'socket ' : ''}${row.route}${row.label ? ` (${row.label})` : ''}`;
    it(`${name}: ${ROLES.join(' ')}`, async () => {
      const expected = row.expect.split(' ');
      const answers: string[] = [];
      for (const [index, role] of ROLES.entries()) answers.push(await answerOf(row, role, expected[index] ?? ''));
      expect(answers.join(' ')).toBe(row.expect);
    });
  }
});
