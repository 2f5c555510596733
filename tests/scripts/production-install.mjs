// The image's install, checked here (issue 42, decision 053): the Docker image cannot be built on
// these machines, so this builds its tree the way the Dockerfile does, from this checkout's source
// (what .dockerignore lets through) and its installed node_modules (`npm ci`), then `npm run build`
// and `npm prune --omit=dev`, and starts it with the Dockerfile's command and NODE_ENV=production:
//
// - with the required settings it answers the Dockerfile's HEALTHCHECK (on PORT), serves a campus
//   page, and a sign-up's code reaches a real SMTP server (this script's own);
// - without SMTP_URL it stops at once with the line that says what to set.
//
// `.ci/run` runs it; `npm run test:production-install` too. Exit 1 on the first failed check.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import webPush from 'web-push';

const root = path.resolve(import.meta.dirname, '../..');
const BASE_DOMAIN = 'campusbuysell.test';
const started = performance.now();

function step(message) {
  console.log(`production install: ${message} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

function fail(message) {
  console.error(`production install FAILED: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

/** .dockerignore's patterns, as `COPY . .` applies them: whole directories by name or path. */
function ignoredByDocker() {
  const patterns = readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  return (relative) =>
    patterns.some((pattern) => {
      if (pattern.startsWith('**/')) return relative.split('/').includes(pattern.slice(3));
      return relative === pattern || relative.startsWith(`${pattern}/`);
    });
}

function sh(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: undefined } });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited ${result.status}`);
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** An HTTP request with its own Host header (fetch would send the address's). */
function http(port, method, pathname, host, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        headers: { host, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The mail server the production start sends through: every mail it takes, parsed. */
async function startMailServer() {
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (error) => callback(error),
      );
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, mails, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The Dockerfile's CMD and HEALTHCHECK, as it states them. */
function dockerfile() {
  const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(text)?.[1] ?? 'null');
  const health = /HEALTHCHECK[^\n]*\\\n\s*CMD node -e "(.*)"$/m.exec(text)?.[1];
  if (!cmd || !health) fail('the Dockerfile has no CMD [...] or HEALTHCHECK CMD node -e "..."');
  return { cmd, health };
}

async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) fail(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const work = mkdtempSync(path.join(tmpdir(), 'campus-image-'));
const app = path.join(work, 'app');
const { cmd, health } = dockerfile();
const mail = await startMailServer();
let server;
let isStopping = false;
try {
  const ignored = ignoredByDocker();
  cpSync(root, app, { recursive: true, filter: (source) => !ignored(path.relative(root, source)) });
  // `RUN npm ci` ran before `COPY . .`: this checkout's install stands for it.
  cpSync(path.join(root, 'node_modules'), path.join(app, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  step('tree copied');
  sh('npm', ['run', 'build'], app);
  sh('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], app);
  if (existsSync(path.join(app, 'node_modules/vitest'))) fail('npm prune left the dev dependencies (vitest)');
  step('built and pruned');

  const port = await freePort();
  const keys = webPush.generateVAPIDKeys();
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(work, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    MAIL_FROM: `Campus Buy / Sell <no-reply@${BASE_DOMAIN}>`,
    BASE_DOMAIN,
    DEVICE_COOKIE_SECRET: 'production-install-check-device-secret',
    UNSUBSCRIBE_SECRET: 'production-install-check-unsubscribe-secret',
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    PAYMENTS: 'off',
  };

  // A missing setting stops the start with its line, before anything listens.
  const { SMTP_URL: _unset, ...withoutMail } = env;
  const refused = spawnSync(cmd[0], cmd.slice(1), { cwd: app, env: withoutMail, encoding: 'utf8', timeout: 60_000 });
  if (refused.status !== 1) fail(`a start without SMTP_URL exited ${refused.status}, not 1`);
  if (!refused.stderr.includes('SMTP_URL is not set')) fail(`a start without SMTP_URL said: ${refused.stderr}`);
  if (refused.stderr.includes('    at ')) fail('a start without SMTP_URL printed a stack trace');
  step('a start without SMTP_URL stops and says what to set');

  server = spawn(cmd[0], cmd.slice(1), { cwd: app, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let log = '';
  server.stdout.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise((resolve) => server.once('exit', (code) => isStopping || resolve(code)));
  const healthy = () =>
    new Promise((resolve) => {
      const probe = spawn(process.execPath, ['-e', health], { env: { PATH: process.env.PATH, PORT: String(port) } });
      probe.once('exit', (code) => resolve(code === 0));
    });
  await Promise.race([
    waitFor(healthy, "the Dockerfile's HEALTHCHECK on PORT"),
    exited.then((code) => fail(`the production start exited ${code}:\n${log}`)),
  ]);
  step("the Dockerfile's HEALTHCHECK passes on PORT");

  for (const line of [
    'store: SQLite',
    `mail: SMTP at 127.0.0.1:${mail.port}`,
    'payments: off',
    'push: VAPID keys',
    'search: ',
    `sites: https://campus.${BASE_DOMAIN}`,
  ]) {
    await waitFor(async () => log.includes(line), `the start-up log line '${line}'`, 10_000);
  }
  const page = await http(port, 'GET', '/home', `ou.${BASE_DOMAIN}`);
  if (page.status !== 200 || !page.text.includes('<div id="root"')) fail(`GET /home on ou answered ${page.status}`);
  const stranger = await http(port, 'GET', '/home', 'example.org');
  if (stranger.status !== 404) fail(`GET /home on example.org answered ${stranger.status}, not 404`);
  step('a campus page is served, an unknown host is 404');

  const email = 'new.student@ou.edu';
  const signUp = await http(port, 'POST', '/api/auth/register', `ou.${BASE_DOMAIN}`, {
    name: 'New Student',
    email,
    password: 'a-long-enough-password',
    terms: true,
  });
  if (signUp.status !== 201) fail(`sign-up answered ${signUp.status}: ${signUp.text}`);
  await waitFor(async () => mail.mails.some((each) => each.to?.text.includes(email)), 'the sign-up code mail', 20_000);
  const code = mail.mails.find((each) => each.to?.text.includes(email));
  if (!/\b\d{4}\b/.test(code.text ?? '')) fail(`the sign-up mail has no code: ${code.text}`);
  step(`the sign-up code reached the SMTP server ('${code.subject}')`);
  console.log('production install: ok');
} catch (error) {
  process.exitCode = 1;
  if (!String(error.message).startsWith('production install')) console.error(error);
} finally {
  isStopping = true;
  server?.kill('SIGTERM');
  await mail.close();
  rmSync(work, { recursive: true, force: true });
}
