import http from 'node:http';

/** What one load run asks for: a fixed count of GETs over a fixed set of keep-alive connections. */
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

interface Outcome {
  status: number;
  bytes: number;
  error: string | null;
}

function get(agent: http.Agent, plan: LoadPlan, pathname: string, sockets: Set<unknown>): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request(
      { agent, host: '127.0.0.1', port: plan.port, path: pathname, headers: { host: plan.host } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, error: null }));
        response.on('error', (error) => resolve({ status: 0, bytes, error: String(error) }));
      },
    );
    request.on('socket', (socket) => sockets.add(socket));
    request.setTimeout(plan.requestTimeoutMs, () => request.destroy(new Error('request timed out')));
    request.on('error', (error) => resolve({ status: 0, bytes: 0, error: String(error) }));
    request.end();
  });
}

/** Nearest-rank percentile of an ascending list. */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** A keep-alive agent holding exactly `connections` sockets to the server. */
export function createLoadAgent(connections: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
}

/**
 * Runs `plan.connections` loops, each sending its next GET when the last one
 * answered, over `agent`, until the count or the time limit is reached.
 * Passing the agent of the warm-up keeps its connections open, so a measured
 * run starts on established sockets. Latency is measured per request with
 * process.hrtime, from request start to the last body byte.
 */
export async function runLoad(plan: LoadPlan, agent: http.Agent): Promise<LoadSummary> {
  const latencies = new Float64Array(plan.requests);
  const sockets = new Set<unknown>();
  let issued = 0;
  let completed = 0;
  let errors = 0;
  let bytes = 0;
  let firstError: string | null = null;
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(plan.timeLimitMs) * 1_000_000n;

  async function connectionLoop(): Promise<void> {
    while (issued < plan.requests && process.hrtime.bigint() < deadline) {
      const index = issued++;
      const pathname = plan.paths[index % plan.paths.length] ?? '/';
      const sent = process.hrtime.bigint();
      const outcome = await get(agent, plan, pathname, sockets);
      latencies[completed++] = Number(process.hrtime.bigint() - sent) / 1e6;
      bytes += outcome.bytes;
      if (outcome.status !== 200) {
        errors++;
        firstError ??= outcome.error ?? `HTTP ${outcome.status} for ${pathname}`;
      }
    }
  }

  await Promise.all(Array.from({ length: plan.connections }, connectionLoop));
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = latencies.subarray(0, completed).sort();
  return {
    requests: completed,
    errors,
    firstError,
    elapsedMs,
    rps: completed / (elapsedMs / 1000),
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    p99Ms: percentile(sorted, 0.99),
    maxMs: percentile(sorted, 1),
    bytes,
    sockets: sockets.size,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
  };
}

/** One GET with the body, for setting a run up (first page bytes, cursors). */
export function fetchOnce(port: number, host: string, pathname: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error('request timed out')));
    request.on('error', reject);
  });
}
