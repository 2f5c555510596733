// Runs every benchmark under tests/bench/ one after another; each prints its own figures.
import { spawnSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

const benchDir = path.resolve(import.meta.dirname, '../bench');
const benches = (await readdir(benchDir)).filter((file) => file.endsWith('.bench.ts')).sort();
if (benches.length === 0) console.log('No benchmarks yet: add tests/bench/<name>.bench.ts.');
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const result = spawnSync('npx', ['tsx', path.join(benchDir, bench)], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}
