/**
 * Issue 18: ten maximum-size uploads and four decode bombs arrive at once
 * while a student signs in again and again. Prints the server process's
 * resident memory (baseline, peak, peak over baseline, from /proc) and the
 * sign-in latency meanwhile (target: p95 under 200 ms), next to a quiet
 * baseline. The server runs as a child process with the flags of
 * `npm run serve`; the client is this process.
 *
 *   npx tsx tests/bench/upload-pressure.bench.ts
 */
import { fork } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SERVER_NODE_FLAGS } from '@campus/sync-server/node-flags';
import { decodeBombs, maximumSizeVideo } from './upload-pressure-fixtures.ts';
import type { PressureServerReady } from './upload-pressure-server.ts';

/** UPLOAD_BENCH_VIDEOS=2 for a quick look; the figure is with 10. */
const VIDEO_UPLOADS = Number(process.env.UPLOAD_BENCH_VIDEOS) || 10;
const QUIET_LOGINS = 15;
const BOUNDARY = 'upload-pressure-bench';

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

function summary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return `n=${sorted.length} p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, max ${ms(sorted.at(-1) ?? Number.NaN)}`;
}

async function rssOf(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

interface Target {
  port: number;
  token: string;
}

/** One multipart upload streamed from `source` (a file or bytes), as the composer's XHR sends it. */
function upload(target: Target, name: string, type: string, source: string | Buffer, size: number): Promise<number> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise((resolve) => {
    const outgoing = request({
      host: '127.0.0.1',
      port: target.port,
      method: 'POST',
      path: '/api/uploads',
      headers: {
        host: 'ou.localhost',
        origin: 'http://ou.localhost',
        cookie: `session=${target.token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    outgoing.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', () => resolve(-1));
    outgoing.write(head);
    const body = typeof source === 'string' ? createReadStream(source) : Readable.from([source]);
    body.on('end', () => outgoing.end(tail));
    body.pipe(outgoing, { end: false });
  });
}

/** One sign-in over its own connection, as a browser would send it; resolves with its latency in ms. */
function login(port: number, email: string, password: string): Promise<number> {
  const started = performance.now();
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const outgoing = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/login',
      agent: false,
      headers: {
        host: 'ou.localhost',
        origin: 'http://ou.localhost',
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
    });
    outgoing.on('response', (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode === 200) resolve(performance.now() - started);
        else reject(new Error(`login answered ${response.statusCode}`));
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const video = await maximumSizeVideo();
const videoBytes = (await stat(video)).size;
const bombs = await decodeBombs();

const child = fork(path.join(import.meta.dirname, 'upload-pressure-server.ts'), {
  execArgv: [...process.execArgv, ...SERVER_NODE_FLAGS],
  stdio: 'inherit',
});
const ready = await new Promise<PressureServerReady>((resolve) => child.once('message', resolve as never));
const pid = child.pid as number;
const target = { port: ready.port, token: ready.posterToken };
let loginCount = 0;
const nextLogin = () =>
  login(ready.port, ready.loginEmails[loginCount++ % ready.loginEmails.length] ?? '', ready.password);

console.error('server ready; signing in alone');
const quiet: number[] = [];
for (let index = 0; index < QUIET_LOGINS; index++) quiet.push(await nextLogin());
await new Promise((resolve) => setTimeout(resolve, 500));
const baseline = await rssOf(pid, 'VmRSS');

let peak = baseline;
const sampler = setInterval(() => {
  rssOf(pid, 'VmRSS').then(
    (rss) => {
      peak = Math.max(peak, rss);
    },
    () => undefined,
  );
}, 50);

const started = performance.now();
let isDone = false;
const uploads = Promise.all([
  ...Array.from({ length: VIDEO_UPLOADS }, (_, index) =>
    upload(target, `video-${index}.mp4`, 'video/mp4', video, videoBytes),
  ),
  ...bombs.map((bomb) => upload(target, bomb.name, bomb.type, bomb.bytes, bomb.bytes.length)),
]).finally(() => {
  isDone = true;
});
console.error('uploads sent; signing in meanwhile');
const underLoad: number[] = [];
while (!isDone) {
  underLoad.push(await nextLogin());
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const statuses = await uploads;
const elapsed = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, await rssOf(pid, 'VmHWM'));

const count = (status: number) => statuses.filter((value) => value === status).length;
console.log(
  `uploads: ${VIDEO_UPLOADS} × ${megabytes(videoBytes)} real MP4 + ${bombs.length} decode bombs (16000×16000)`,
);
console.log(
  `  answered in ${elapsed.toFixed(1)} s: ${count(201)} × 201, ${count(422)} × 422, others ${statuses.filter((s) => s !== 201 && s !== 422).join(', ') || 'none'}`,
);
console.log(`server RSS: baseline ${megabytes(baseline)}, peak ${megabytes(peak)} (+${megabytes(peak - baseline)})`);
console.log(`sign-in alone:        ${summary(quiet)}`);
const underLoadP95 = percentile(
  [...underLoad].sort((a, b) => a - b),
  0.95,
);
console.log(
  `sign-in under uploads: ${summary(underLoad)}   (target p95 < 200 ms) ${underLoadP95 < 200 ? 'PASS' : 'MISS'}`,
);
console.log('note: a shared 2-core machine; other engineers load it too, so figures vary run to run.');

child.send({ type: 'close' });
await new Promise((resolve) => child.once('exit', resolve));
