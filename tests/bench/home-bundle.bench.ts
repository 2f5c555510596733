/**
 * Issue 25 "Room in the budget": /home's JavaScript, gzipped, against its
 * 140 KB budget (decision 050), in `npm run bench`'s table beside the timings.
 * The measure is `npm run size`'s (tests/scripts/size.mjs) on the current
 * build: run `npm run build` first.
 *
 *   npx tsx tests/bench/home-bundle.bench.ts   (or `npm run bench`)
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const sizeScript = path.join(import.meta.dirname, '../scripts/size.mjs');
const result = spawnSync(process.execPath, [sizeScript], { encoding: 'utf8' });
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
// Over the budget, size.mjs exits 1 and its line says MISS; anything else (no build) is an error here.
if (!/\b(PASS|MISS)\b/.test(result.stdout)) process.exitCode = 1;
