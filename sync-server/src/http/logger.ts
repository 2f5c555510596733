/** Structured logs, one JSON object per line, so they can be grepped and shipped as they are. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: 'info' | 'silent'): Logger {
  function write(severity: string, message: string, fields?: Record<string, unknown>): void {
    if (level === 'silent' && severity !== 'error') return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: severity, msg: message, ...fields });
    (severity === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  }
  return {
    info: (message, fields) => write('info', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
