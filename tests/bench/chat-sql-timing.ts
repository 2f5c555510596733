/**
 * Where our server's SQL time goes, for chat.bench.ts with CHAT_BENCH_SQL=1:
 * wraps better-sqlite3's Statement run/all/get (the calls Kysely's SQLite
 * driver makes, BEGIN and COMMIT included) in the server's process and adds
 * up the wall time per SQL text. A commit's WAL writes and a checkpoint's
 * fsync show up in the statement that caused them.
 */
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import type { SqlTiming } from './chat-bench-protocol.ts';

const timings = new Map<string, { count: number; ms: number; maxMs: number; slow: number }>();
/** A call this long or longer is counted as slow (a checkpoint's fsync, a stall). */
const SLOW_MS = 5;

type StatementMethod = (this: SQLite.Statement, ...parameters: unknown[]) => unknown;

export function startSqlTiming(): void {
  const probe = new SQLite(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, StatementMethod>;
  probe.close();
  for (const name of ['run', 'all', 'get']) {
    const original = prototype[name] as StatementMethod;
    prototype[name] = function timed(this: SQLite.Statement, ...parameters: unknown[]) {
      const started = performance.now();
      try {
        return original.apply(this, parameters);
      } finally {
        const took = performance.now() - started;
        const entry = timings.get(this.source) ?? { count: 0, ms: 0, maxMs: 0, slow: 0 };
        entry.count += 1;
        entry.ms += took;
        entry.maxMs = Math.max(entry.maxMs, took);
        if (took >= SLOW_MS) entry.slow += 1;
        timings.set(this.source, entry);
      }
    };
  }
}

/** What was timed since the last call, most time first. */
export function takeSqlTimings(): SqlTiming[] {
  const taken = [...timings].map(([sql, timing]) => ({ sql, ...timing }));
  timings.clear();
  return taken.sort((a, b) => b.ms - a.ms);
}
