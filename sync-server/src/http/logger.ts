/** Structured logs, one JSON object per line, so they can be grepped and shipped as they are. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Where the lines go: process.stdout and process.stderr, or a file in the benchmarks. */
export interface LogOutput {
  info(text: string): void;
  error(text: string): void;
}

const STANDARD_OUTPUT: LogOutput = {
  info: (text) => process.stdout.write(text),
  error: (text) => process.stderr.write(text),
};

/** Info lines kept before a write: a write per line was a system call per request (issue 25). */
const FLUSH_BYTES = 16 * 1024;
const FLUSH_MS = 100;

let isoMs = 0;
let iso = new Date(0).toISOString();

/** The time as ISO 8601, worked out once per millisecond: many requests share one (issue 25). */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    iso = new Date(now).toISOString();
  }
  return iso;
}

/**
 * Info lines are written together, when 16 KB have gathered or 100 ms after
 * the first of them: one log line per request had been one synchronous write
 * to stdout per request (a file or a pipe is written synchronously), a
 * system call as dear as the rest of a cached feed page (issue 25). An error
 * is written at once, after the info lines before it; what is pending when
 * the process exits is written then.
 */
export function createLogger(level: 'info' | 'silent', output: LogOutput = STANDARD_OUTPUT): Logger {
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const text = pending;
    pending = '';
    output.info(text);
  }
  function line(severity: string, message: string, fields?: Record<string, unknown>): string {
    const head = `{"time":"${isoNow()}","level":"${severity}","msg":${JSON.stringify(message)}`;
    const rest = fields === undefined ? '{}' : JSON.stringify(fields);
    // The fields' own object spliced in after the three: a key of theirs named alike comes later and wins.
    return rest === '{}' ? `${head}}\n` : `${head},${rest.slice(1)}\n`;
  }
  // process.exit() runs no more timers: what is pending is written on the way out.
  if (level === 'info') process.once('exit', flush);
  return {
    info(message, fields) {
      if (level === 'silent') return;
      pending += line('info', message, fields);
      if (pending.length >= FLUSH_BYTES) flush();
      else if (timer === undefined) timer = setTimeout(flush, FLUSH_MS).unref();
    },
    error(message, fields) {
      flush();
      output.error(line('error', message, fields));
    },
  };
}
