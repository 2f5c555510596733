import sharp from 'sharp';

/**
 * Bounds how many uploads are decoded, re-encoded or run through ffmpeg at
 * once (MEDIA_CONCURRENCY, default 1). sharp runs on libuv's thread pool,
 * which password hashing (@node-rs/argon2) and file I/O share: four decodes
 * in flight once held a sign-in for 18 s (issue 18). Waiting uploads hold a
 * temp file on disk, not memory (decision 018).
 */
export interface MediaGate {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running plus tasks waiting (tests and the bench read it). */
  readonly pending: number;
}

// One libvips worker thread per image and no cache of open files: the gate, not libvips,
// decides how much CPU media takes, and temp files are deleted right after use.
sharp.concurrency(1);
sharp.cache({ files: 0 });

export function createMediaGate(concurrency: number): MediaGate {
  const limit = Math.max(1, Math.floor(concurrency));
  const waiting: (() => void)[] = [];
  let running = 0;

  function release(): void {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  }

  return {
    async run(task) {
      if (running < limit) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get pending() {
      return running + waiting.length;
    },
  };
}
