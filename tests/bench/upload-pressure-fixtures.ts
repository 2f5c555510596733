import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { POST_LIMITS } from '@campus/shared/post-rules';
import { gifBomb, pngBomb } from '@campus/sync-server/uploads/media-fixtures';

const run = promisify(execFile);

/**
 * A real MP4 just under the video cap (1080p MPEG-4, every frame a key
 * frame), made once by ffmpeg and kept in the temp folder for later runs.
 */
export async function maximumSizeVideo(): Promise<string> {
  const file = path.join(tmpdir(), 'campus-upload-bench-max.mp4');
  if (existsSync(file)) return file;
  const target = POST_LIMITS.videoMaxBytes - 2 * 1024 * 1024;
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-t', '120'],
    ...['-c:v', 'mpeg4', '-q:v', '1', '-g', '1', '-fs', String(target), file],
  ]);
  const { size } = await stat(file);
  if (size > POST_LIMITS.videoMaxBytes) throw new Error(`the bench video came out at ${size} bytes, over the cap`);
  return file;
}

/** Two kinds of decode bomb: a valid 1-bit PNG and a GIF declaring its size, each 16000×16000 (256 MP). */
export async function decodeBombs(): Promise<{ name: string; type: string; bytes: Buffer }[]> {
  const png = pngBomb(16_000, 16_000);
  const gif = await gifBomb(16_000, 16_000);
  return [
    { name: 'bomb-1.png', type: 'image/png', bytes: png },
    { name: 'bomb-2.gif', type: 'image/gif', bytes: gif },
    { name: 'bomb-3.png', type: 'image/png', bytes: png },
    { name: 'bomb-4.gif', type: 'image/gif', bytes: gif },
  ];
}
