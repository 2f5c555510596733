import { mkdtemp, readdir, stat } from 'node:fs/promises';
import { type IncomingMessage, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POST_LIMITS } from '@campus/shared/post-rules';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';
import { createSession, generateSessionToken } from '../sessions/session.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { isoMedia, mediaFiles, POSTER } from './upload-fixtures.ts';
import { UPLOAD_MESSAGES } from './uploads.service.ts';

const MEGABYTE = 1024 * 1024;
const BOUNDARY = 'campus-test-boundary';

async function tempFiles(dir: string): Promise<{ name: string; size: number }[]> {
  const names = await readdir(dir).catch(() => []);
  return await Promise.all(names.map(async (name) => ({ name, size: (await stat(path.join(dir, name))).size })));
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A multipart body with one file of `fileBytes` (an MP4 header, then zeros),
 * sent 1 MB at a time; it stops after `pauseAfter` bytes of file until `resume()`.
 */
function slowMultipart(fileBytes: number, pauseAfter: number) {
  let resume!: () => void;
  const resumed = new Promise<void>((resolve) => {
    resume = resolve;
  });
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const header = isoMedia();
  let sent = 0;
  let isHeadSent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!isHeadSent) {
        isHeadSent = true;
        controller.enqueue(new Uint8Array(Buffer.concat([head, header])));
        sent = header.length;
        return;
      }
      if (sent >= pauseAfter) await resumed;
      if (sent >= fileBytes) {
        controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${BOUNDARY}--\r\n`)));
        controller.close();
        return;
      }
      const size = Math.min(MEGABYTE, fileBytes - sent);
      controller.enqueue(new Uint8Array(size));
      sent += size;
    },
  });
  return { stream, resume };
}

describe('uploads stream to disk under the cap (issue 18)', () => {
  it('writes the body to a temp file as it arrives, stops at the cap with 413, and leaves no temp file', async () => {
    const app = await createTestApp();
    const session = await app.signInAs((await createUser(app.db, POSTER)).id);
    const tempDir = path.join(app.config.dataDir, 'tmp', 'uploads');
    const { stream, resume } = slowMultipart(POST_LIMITS.videoMaxBytes + 4 * MEGABYTE, 24 * MEGABYTE);

    const answer = app.request('/api/uploads', {
      method: 'POST',
      session,
      body: stream,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      duplex: 'half',
    } as RequestInit);
    // Before the request is over, what came so far is on disk, not in memory.
    await waitFor(
      async () => (await tempFiles(tempDir)).some((file) => file.size >= 20 * MEGABYTE),
      'the first 20 MB in a temp file',
    );
    resume();

    const response = await answer;
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      errors: [{ code: 'payload_too_large', msg: UPLOAD_MESSAGES.fileTooLarge, field: 'file' }],
    });
    expect(await tempFiles(tempDir)).toEqual([]);
    expect(await mediaFiles(app)).toEqual([]);
    expect(await app.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
  });
});

describe('an early answer closes the connection it does not read (issue 18)', () => {
  it("sends 'Connection: close' with a 413 for a declared length past the cap", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-upload-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { port: 0, seedDemo: false });
    const server = await startServer(config);
    onTestFinished(() => server.close());
    const user = await createUser(server.db, POSTER);
    const token = generateSessionToken();
    await createSession(server.db, token, user.id);

    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = request({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/uploads',
        headers: {
          host: 'ou.localhost',
          origin: 'http://ou.localhost',
          cookie: `session=${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(POST_LIMITS.videoMaxBytes * 2),
        },
      });
      outgoing.on('response', resolve);
      outgoing.on('error', reject);
      // A little of the body, then the client waits: the server must answer without the rest.
      outgoing.write(`--${BOUNDARY}\r\n`);
      onTestFinished(() => {
        outgoing.destroy();
      });
    });
    response.resume();
    expect(response.statusCode).toBe(413);
    expect(response.headers.connection).toBe('close');
  });
});
