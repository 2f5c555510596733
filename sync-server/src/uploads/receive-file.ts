import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import type { AppError } from '../http/app-error.ts';

/** One file of a multipart request, on disk under DATA_DIR/tmp/uploads. */
export interface ReceivedFile {
  path: string;
  bytes: number;
  /** Removes the temp file; callers run it in `finally`, whatever happened. */
  remove(): Promise<void>;
}

export interface ReceiveOptions {
  /** The form field that carries the file. */
  field: string;
  maxBytes: number;
  tempDir: string;
  /** Not multipart, or no such file field. */
  missing: () => AppError;
  tooLarge: () => AppError;
}

/** Multipart fields besides the file (none are used) and their sizes are capped too. */
const OTHER_PART_LIMITS = { fields: 8, fieldSize: 1024, parts: 10, headerPairs: 64 } as const;

/** The request body as a Node stream: the socket itself under @hono/node-server, else (tests) the Request's stream. */
function bodyStream(c: Context): Readable | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && typeof incoming.pipe === 'function') return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : null;
}

/**
 * Streams the one file of a multipart upload to a temp file, never holding
 * the body in memory (issue 18: ten 95 MB uploads once took 2 GB). Past
 * `maxBytes` it stops reading and rejects at once; the early answer then
 * goes out with `Connection: close` (http/close-unread-bodies.ts).
 */
export async function receiveFile(c: Context, options: ReceiveOptions): Promise<ReceivedFile> {
  const source = bodyStream(c);
  const contentType = c.req.header('content-type') ?? '';
  if (!source || !contentType.toLowerCase().startsWith('multipart/form-data')) throw options.missing();
  await mkdir(options.tempDir, { recursive: true });
  const tempPath = path.join(options.tempDir, crypto.randomUUID());
  const remove = () => rm(tempPath, { force: true });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { ...OTHER_PART_LIMITS, files: 1, fileSize: options.maxBytes },
    });
  } catch {
    throw options.missing();
  }

  let write: Promise<number> | null = null;
  const received = new Promise<number | null>((resolve, reject) => {
    parser.on('file', (name, file) => {
      if (name !== options.field || write) {
        file.resume();
        return;
      }
      let bytes = 0;
      file.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      file.on('limit', () => {
        source.unpipe(parser);
        file.destroy();
        reject(options.tooLarge());
      });
      const written = pipeline(file, createWriteStream(tempPath)).then(() => bytes);
      written.catch(reject);
      write = written;
    });
    parser.on('close', () => {
      if (write) write.then(resolve, reject);
      else resolve(null);
    });
    parser.on('error', () => reject(options.missing()));
    source.on('error', () => reject(options.missing()));
  });
  source.pipe(parser);

  try {
    const bytes = await received;
    if (bytes === null) throw options.missing();
    return { path: tempPath, bytes, remove };
  } catch (error) {
    source.unpipe(parser);
    // The write stream may still be opening the file: let it settle, or it could appear after the rm.
    await (write as Promise<number> | null)?.catch(() => undefined);
    await remove();
    throw error;
  }
}
