/**
 * The load generator in its own process (issue 25): autocannon, forked by
 * the HTTP benchmarks through startLoadRunner(). The server under test keeps
 * its event loop to itself, and autocannon's client is not the bottleneck the
 * project's own was (that one saturated near 9,400 requests/s on the bare
 * endpoint, which flattered every ratio).
 */
import autocannon from 'autocannon';
import type { LoadPlan, LoadSummary } from './http-load.ts';
import { isRunLoadMessage, type LoadReply } from './load-protocol.ts';

function reply(message: LoadReply): void {
  process.send?.(message);
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

async function run(plan: LoadPlan): Promise<LoadSummary> {
  const times: number[] = [];
  const cookies = plan.cookies ?? [];
  let sent = 0;
  let firstError: string | null = null;
  // autocannon ends a counted run on its once-a-second tick, so the whole run's time would round up
  // to whole seconds: the rate is taken from the first request sent to the last answer received.
  let firstSentAt = 0;
  let lastAnsweredAt = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let finished: (result: autocannon.Result) => void = () => {};
  let failed: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url: `http://127.0.0.1:${plan.port}`,
      connections: plan.connections,
      amount: plan.requests,
      timeout: plan.requestTimeoutMs / 1000,
      headers: { host: plan.host },
      // Each request takes the next page, and the next signed-in student's session cookie.
      requests: [
        {
          setupRequest(request) {
            if (sent === 0) firstSentAt = performance.now();
            const index = sent++;
            const path = plan.paths[index % plan.paths.length] ?? '/';
            const cookie = cookies.length > 0 ? cookies[index % cookies.length] : undefined;
            return { ...request, path, headers: { ...request.headers, ...(cookie ? { cookie } : {}) } };
          },
        },
      ],
    },
    (error, result) => (error ? failed(error) : finished(result)),
  );
  // The plan's time limit is a bound on the run whatever the count: autocannon's `amount` alone would
  // let a slow server (or a busy machine) run past the runner's deadline and lose the whole measurement.
  const stopAt = setTimeout(() => instance.stop(), plan.timeLimitMs);
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    lastAnsweredAt = performance.now();
    if (statusCode !== 200 && firstError === null) firstError = `HTTP ${statusCode}`;
  });
  instance.on('reqError', (error) => {
    firstError ??= String(error);
  });
  const result = await done.finally(() => clearTimeout(stopAt));
  const elapsedMs = lastAnsweredAt > firstSentAt ? lastAnsweredAt - firstSentAt : performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    errors: result.errors + result.non2xx + result.timeouts,
    firstError,
    elapsedMs,
    rps: (times.length / elapsedMs) * 1000,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    p99Ms: percentile(times, 0.99),
    maxMs: times.at(-1) ?? 0,
    bytes: result.throughput.total,
    sockets: result.connections,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
  };
}

process.on('message', (message: unknown) => {
  if (!isRunLoadMessage(message)) {
    reply({ type: 'error', message: `unexpected message: ${JSON.stringify(message)}` });
    return;
  }
  run(message.plan).then(
    (summary) => reply({ type: 'result', summary }),
    (error: unknown) => reply({ type: 'error', message: String(error) }),
  );
});

// The parent closing the IPC channel (or dying) ends the worker.
process.on('disconnect', () => process.exit(0));
