// Runs every benchmark under tests/bench/ one after another; each prints its own figures, and every
// line that states a target with PASS or MISS is gathered into one table at the end (issue 25).
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';

const benchDir = path.resolve(import.meta.dirname, '../bench');
const only = process.argv.slice(2);
const benches = (await readdir(benchDir))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();
if (benches.length === 0) console.log('No benchmarks yet: add tests/bench/<name>.bench.ts.');

/** Runs one benchmark with its output shown as it comes; answers its exit code and the lines it printed. */
function run(bench) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', path.join(benchDir, bench)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      text += chunk;
    });
    child.on('close', (code) => resolve({ code, lines: text.split('\n') }));
  });
}

const rows = [];
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const { code, lines } = await run(bench);
  if (code !== 0) {
    process.exitCode = 1;
    rows.push({ bench, verdict: 'ERROR', line: `exited with code ${code}` });
  }
  const rowsBefore = rows.length;
  for (const line of lines) {
    const verdict = /\b(PASS|MISS)\b/.exec(line)?.[1];
    // A table row of its own (Lighthouse's) carries several verdicts: it is kept whole.
    if (verdict) rows.push({ bench, verdict: /\bMISS\b/.test(line) ? 'MISS' : 'PASS', line: line.trim() });
  }
  // Every benchmark has a row: one whose issue set no figure to meet says so.
  if (rows.length === rowsBefore) rows.push({ bench, verdict: '—', line: 'no target set by its issue: figures above' });
}

console.log(
  `\n== every target, one table (load average now: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')})\n`,
);
const width = Math.max(...rows.map((row) => row.bench.length), 5);
console.log(`${'bench'.padEnd(width)}  verdict  figure and target`);
for (const row of rows) console.log(`${row.bench.padEnd(width)}  ${row.verdict.padEnd(7)}  ${row.line}`);
