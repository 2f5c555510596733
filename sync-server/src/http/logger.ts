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

/**
 * Info lines are written once per event-loop turn, together: one log line per
 * request was one synchronous write to stdout per request (a file or a pipe is
 * written synchronously), which the feed's 50 concurrent requests a turn paid
 * each (issue 25). An error is written at once, after the info lines before it,
 * and what is pending when the process exits is written then.
 */
export function createLogger(level: 'info' | 'silent', output: LogOutput = STANDARD_OUTPUT): Logger {
  let pending = '';
  function flush(): void {
    if (pending === '') return;
    const text = pending;
    pending = '';
    output.info(text);
  }
  function line(severity: string, message: string, fields?: Record<string, unknown>): string {
    return `${JSON.stringify({ time: new Date().toISOString(), level: severity, msg: message, ...fields })}\n`;
  }
  // process.exit() runs no more turns: what is pending is written on the way out.
  if (level === 'info') process.once('exit', flush);
  return {
    info(message, fields) {
      if (level === 'silent') return;
      if (pending === '') setImmediate(flush);
      pending += line('info', message, fields);
    },
    error(message, fields) {
      flush();
      output.error(line('error', message, fields));
    },
  };
}
