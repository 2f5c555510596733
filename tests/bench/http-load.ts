import http from 'node:http';

/** What one load run asks for (autocannon-worker.ts): a fixed count of GETs over a fixed set of keep-alive connections. */
export interface LoadPlan {
  port: number;
  /** Host header: picks the campus. */
  host: string;
  /** Cycled through in order, so a run spreads over several pages. */
  paths: string[];
  requests: number;
  connections: number;
  /** Stop issuing new requests after this long, whatever the count. */
  timeLimitMs: number;
  /** Per-request timeout; a request slower than this counts as an error. */
  requestTimeoutMs: number;
  /** Cookie headers cycled through request by request: many signed-in students. */
  cookies?: string[];
}

export interface LoadSummary {
  requests: number;
  errors: number;
  firstError: string | null;
  elapsedMs: number;
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  bytes: number;
  /** Distinct sockets used: equals `connections` when keep-alive works. */
  sockets: number;
  /** CPU time of this process over the run, as a percentage of one core. */
  cpuPercent: number;
}

export function fetchOnce(
  port: number,
  host: string,
  pathname: string,
  cookie?: string,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = cookie ? { host, cookie } : { host };
    const request = http.get({ host: '127.0.0.1', port, path: pathname, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error('request timed out')));
    request.on('error', reject);
  });
}
