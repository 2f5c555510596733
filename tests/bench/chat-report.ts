/** The tables chat.bench.ts prints: loads, memory, ratios with PASS/MISS, and the optional SQL and profile breakdowns. */
import type { SqlTiming } from './chat-bench-protocol.ts';
import type { ProfileSummary } from './chat-cpu-profile.ts';
import { type LoadResult, type ServerRun, skewOf } from './chat-server-run.ts';
import { formatRows, machineLoad, ms, percentile, verdict } from './sync-report.ts';

export interface ChatTargets {
  steadyP99Ratio: number;
  steadyP99Ms: number;
  floodRatio: number;
}

/** Math.max(...values) overflows the stack past ~100k values. */
function largest(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  return values.reduce((max, value) => (value > max ? value : max), Number.NEGATIVE_INFINITY);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (value: number) => `${value.toFixed(0)}%`;
const ratio = (value: number) => `${value.toFixed(2)}×`;
const p = (load: LoadResult, rank: number) => percentile(load.latencies, rank);

/** Server CPU time per delivered message, µs: steadier than rates on a busy machine. */
function cpuPerMessage(load: LoadResult): number {
  return ((load.serverCpuPercent / 100) * 1_000_000) / load.deliveredPerSecond;
}

function perIdleClient(run: ServerRun, field: 'rss' | 'heapUsed'): number {
  return (run.memory.idle[field] - run.memory.empty[field]) / run.idleClients;
}

function loadRow(name: string, clients: number, load: LoadResult): string[] {
  return [
    name,
    String(clients),
    String(load.sent),
    load.deliveredPerSecond.toFixed(0),
    ms(p(load, 50), 2),
    ms(p(load, 95), 2),
    ms(p(load, 99), 2),
    ms(largest(load.latencies), 2),
    String(load.lost),
    pct(load.serverCpuPercent),
    pct(load.serverLoop * 100),
    ms(cpuPerMessage(load), 0),
    pct(load.generatorCpuPercent),
    pct(load.generatorLoop * 100),
    `${pct(load.othersCpuPercent)} / ${pct(load.stealPercent)}`,
  ];
}

function loadTable(reference: ServerRun, ours: ServerRun): void {
  const columns = [
    'load / server',
    'clients',
    'sent',
    'delivered/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'lost',
    'server CPU',
    'server loop',
    'CPU µs/msg',
    'load-gen CPU',
    'load-gen loop',
    'others / steal',
  ];
  console.log(
    formatRows(columns, [
      loadRow('(a) reference', reference.idleClients, reference.steady),
      loadRow('(a) ours', ours.idleClients, ours.steady),
      loadRow('(b) reference', reference.floodClients, reference.flood),
      loadRow('(b) ours', ours.floodClients, ours.flood),
    ]),
  );
  const slip = (run: ServerRun) => `${ms(percentile(run.steady.slipMs, 99), 2)} / ${ms(largest(run.steady.slipMs), 2)}`;
  console.log(
    `(a) sends started late against their schedule by p99 / max: reference ${slip(reference)} ms, ours ${slip(ours)} ms`,
  );
}

/** Each (a) round's p99 on its own: how far one 10 s window is from the pooled figure. */
function roundsLine(reference: ServerRun, ours: ServerRun, targets: ChatTargets): void {
  const rounds = Math.min(reference.steadyRounds.length, ours.steadyRounds.length);
  if (rounds < 2) return;
  const p99s = (run: ServerRun) => run.steadyRounds.map((load) => ms(p(load, 99), 2)).join(' / ');
  const ratios = reference.steadyRounds
    .slice(0, rounds)
    .map((load, index) => p(ours.steadyRounds[index] as LoadResult, 99) / p(load, 99));
  const within = ratios.filter((value) => value <= targets.steadyP99Ratio).length;
  console.log(
    `(a) p99 by round, ms: reference ${p99s(reference)}; ours ${p99s(ours)}; ours / reference ` +
      `${ratios.map(ratio).join(' / ')} (${within} of ${rounds} rounds within ${targets.steadyP99Ratio}×)`,
  );
}

function memoryTable(reference: ServerRun, ours: ServerRun): void {
  const idle = reference.idleClients;
  const columns = [
    'memory (after a full GC)',
    'RSS 0 clients',
    `RSS ${idle} idle`,
    'RSS after (a)',
    'RSS after (b)',
    'heap 0',
    `heap ${idle} idle`,
    'heap after (a)',
    'heap after (b)',
    'RSS/idle client',
    'heap/idle client',
  ];
  const row = (run: ServerRun) => [
    run.kind,
    mb(run.memory.empty.rss),
    mb(run.memory.idle.rss),
    mb(run.memory.afterSteady.rss),
    mb(run.memory.afterFlood.rss),
    mb(run.memory.empty.heapUsed),
    mb(run.memory.idle.heapUsed),
    mb(run.memory.afterSteady.heapUsed),
    mb(run.memory.afterFlood.heapUsed),
    kb(perIdleClient(run, 'rss')),
    kb(perIdleClient(run, 'heapUsed')),
  ];
  console.log(`\n${formatRows(columns, [row(reference), row(ours)])}`);
  console.log(
    '(per idle client = (all (a) clients connected and synced, nothing sent) − (0 clients), ÷ clients; ' +
      "ours has its seeded database's pages in memory in both)",
  );
}

function ratioTable(reference: ServerRun, ours: ServerRun): void {
  const compare = (name: string, refValue: number, ourValue: number, format: (value: number) => string) => [
    name,
    format(refValue),
    format(ourValue),
    ratio(ourValue / refValue),
  ];
  const latency = (value: number) => ms(value, 2);
  const rate = (value: number) => value.toFixed(0);
  console.log('\nratios ours / reference:');
  console.log(
    formatRows(
      ['figure', 'reference', 'ours', 'ratio'],
      [
        compare('(a) p50 ms', p(reference.steady, 50), p(ours.steady, 50), latency),
        compare('(a) p99 ms', p(reference.steady, 99), p(ours.steady, 99), latency),
        compare('(a) delivered/s', reference.steady.deliveredPerSecond, ours.steady.deliveredPerSecond, rate),
        compare('(a) server CPU µs/msg', cpuPerMessage(reference.steady), cpuPerMessage(ours.steady), rate),
        compare('(b) delivered/s', reference.flood.deliveredPerSecond, ours.flood.deliveredPerSecond, rate),
        compare('(b) p99 ms', p(reference.flood, 99), p(ours.flood, 99), latency),
        compare('(b) server CPU µs/msg', cpuPerMessage(reference.flood), cpuPerMessage(ours.flood), rate),
        compare('RSS per idle client', perIdleClient(reference, 'rss'), perIdleClient(ours, 'rss'), kb),
        compare('heap per idle client', perIdleClient(reference, 'heapUsed'), perIdleClient(ours, 'heapUsed'), kb),
      ],
    ),
  );
}

function othersNote(reference: ServerRun, ours: ServerRun): void {
  const busy = [reference, ours].flatMap((run) =>
    (['steady', 'flood'] as const)
      .filter((load) => skewOf(run[load]) >= 15)
      .map((load) => `${load === 'steady' ? '(a)' : '(b)'} ${run.kind}`),
  );
  if (busy.length === 0) return;
  console.log(
    `note: other processes on this machine or the hypervisor (steal) took ≥ 15% of a core during ${busy.join(', ')}: ` +
      'those figures are skewed (each such window was measured twice and the less skewed one is shown); run again on ' +
      'a quiet machine',
  );
}

function generatorNote(reference: ServerRun, ours: ServerRun): void {
  const busy = [reference, ours].flatMap((run) =>
    (['steady', 'flood'] as const)
      .filter((load) => run[load].generatorLoop >= 0.85)
      .map((load) => `${load === 'steady' ? '(a)' : '(b)'} ${run.kind}`),
  );
  if (busy.length === 0) return;
  console.log(
    `\nnote: a load process's event loop was ≥ 85% busy during ${busy.join(', ')}: there the clients' own queue ` +
      "is part of the latency and the server could deliver more than shown (compare 'CPU µs/msg')",
  );
}

export function printReport(
  reference: ServerRun,
  ours: ServerRun,
  targets: ChatTargets,
  issueReference: { steadyP99Ms: number; floodPerSecond: string },
): void {
  loadTable(reference, ours);
  roundsLine(reference, ours, targets);
  memoryTable(reference, ours);
  ratioTable(reference, ours);
  generatorNote(reference, ours);
  othersNote(reference, ours);
  console.log(
    `\n(the issue measured the reference on this machine at p99 ${issueReference.steadyP99Ms} ms for (a) and ` +
      `${issueReference.floodPerSecond} delivered/s for (b); machine now: ${machineLoad()})`,
  );
  const ourP99 = p(ours.steady, 99);
  const steadyRatio = ourP99 / p(reference.steady, 99);
  const rounds = ours.steadyRounds.length;
  if (rounds > 1) {
    console.log(
      `\n(a) is read off its ${rounds} rounds together: ${ours.steady.latencies.length} messages for ours, ` +
        `${reference.steady.latencies.length} for the reference`,
    );
  }
  const floodRatio = ours.flood.deliveredPerSecond / reference.flood.deliveredPerSecond;
  console.log(
    `\n(a) p99 ours ${ms(ourP99, 2)} ms = ${ratio(steadyRatio)} the reference's (target ≤ ${targets.steadyP99Ratio}×)  ` +
      verdict(steadyRatio <= targets.steadyP99Ratio),
  );
  console.log(
    `(a) p99 ours ${ms(ourP99, 2)} ms (target < ${targets.steadyP99Ms} ms)  ${verdict(ourP99 < targets.steadyP99Ms)}`,
  );
  console.log(
    `(b) delivered/s ours ${ours.flood.deliveredPerSecond.toFixed(0)} = ${ratio(floodRatio)} the reference's ` +
      `(target ≥ ${targets.floodRatio.toFixed(1)}×)  ${verdict(floodRatio >= targets.floodRatio)}`,
  );
}

/** Ours with CHAT_BENCH_SQL=1: time per SQL text over a measured run. */
export function printSqlTimings(label: string, load: LoadResult): void {
  const statements: SqlTiming[] = load.sql;
  if (statements.length === 0) return;
  const totalMs = statements.reduce((sum, statement) => sum + statement.ms, 0);
  const delivered = (load.deliveredPerSecond * load.windowMs) / 1000;
  console.log(
    `\nours, SQL during ${label}: ${ms(totalMs, 0)} ms (${ms((totalMs / load.windowMs) * 100, 0)}% of the window), ` +
      `${ms((totalMs * 1000) / delivered, 0)} µs per delivered message`,
  );
  const rows = statements
    .slice(0, 12)
    .map((statement) => [
      statement.sql.replace(/\s+/g, ' ').slice(0, 110),
      String(statement.count),
      ms(statement.ms, 0),
      ms((statement.ms * 1000) / statement.count, 0),
      ms(statement.maxMs, 1),
      String(statement.slow),
    ]);
  console.log(formatRows(['statement', 'count', 'total ms', 'µs each', 'max ms', '≥ 5 ms'], rows));
}

/** With CHAT_BENCH_PROFILE: where a server's samples fell over a measured run. */
export function printProfile(label: string, run: ServerRun, load: LoadResult): void {
  const { profile } = load;
  if (!profile) return;
  const share = (summary: ProfileSummary, entry: { ms: number }) => `${ms((entry.ms / summary.totalMs) * 100, 1)}%`;
  const rows = (summary: ProfileSummary, entries: { name: string; ms: number }[]) =>
    entries.map((entry) => [entry.name.slice(0, 100), ms(entry.ms, 0), share(summary, entry)]);
  const { server, generator } = profile;
  console.log(`\n${run.kind}, CPU profile over ${label} (self time; (idle) is the event loop waiting):`);
  console.log(formatRows(['area', 'ms', 'share'], rows(server, server.areas.slice(0, 10))));
  console.log(formatRows(['function', 'ms', 'share'], rows(server, server.functions.slice(0, 12))));
  if (server.appInclusive.length > 0) {
    console.log(
      formatRows(['app function, callees included', 'ms', 'share'], rows(server, server.appInclusive.slice(0, 12))),
    );
  }
  if (generator) {
    const areas = generator.areas.slice(0, 6).map((entry) => `${entry.name} ${share(generator, entry)}`);
    console.log(`a load process meanwhile: ${areas.join(', ')}`);
  }
}
