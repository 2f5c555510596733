// `npm test`: the check, the build, then each Vitest project in turn, and a table of how long each
// phase took. `npm run check` is the first phase alone (`node tests/scripts/test.mjs check`),
// `npm run typecheck` its type checks alone.
//
// The check runs in two lanes at once (this machine has two cores and each tool uses one): the
// type checks in one, Biome, the import rules, knip and the build in the other. A failed check
// or build stops the run; a failed Vitest project does not stop the next, and the run exits 1.
// The last line is the plain 'tests: N passed, N failed' that CI reads, summed over the projects.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const tscCache = path.join(root, 'node_modules/.cache/tsc');

/** Each project's own tsconfig, checked incrementally (the build info is a cache a clean clone starts without). */
const TYPECHECKS = [
  ['sync-server', 'sync-server/tsconfig.json'],
  ['web', 'web/tsconfig.json'],
  ['web-node', 'web/tsconfig.node.json'],
  ['sw', 'sw/tsconfig.json'],
  ['tests', 'tests/tsconfig.json'],
].map(([name, project]) => [
  `tsc ${project}`,
  bin('tsc'),
  ['-p', project, '--incremental', '--tsBuildInfoFile', path.join(tscCache, `${name}.tsbuildinfo`)],
]);

const CHECK_LANES = [
  [TYPECHECKS[0], TYPECHECKS[2], TYPECHECKS[3], TYPECHECKS[4]],
  [
    ['biome', bin('biome'), ['check', '.']],
    TYPECHECKS[1],
    ['imports', process.execPath, ['tests/scripts/imports.mjs']],
    ['knip', bin('knip'), []],
  ],
];

const BUILD = ['build', 'npm', ['run', 'build', '-w', 'web']];

/** The Vitest projects in the order they run (vitest.config.ts). */
const PROJECTS = ['unit', 'web', 'e2e', 'fuzz', 'durability'];

function run([label, command, args], env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => {
      if (code !== 0) console.error(`\n${label} failed (${signal ?? `exit ${code}`})`);
      resolve(code === 0);
    });
  });
}

async function runLane(steps) {
  for (const step of steps) if (!(await run(step))) return false;
  return true;
}

const phases = [];

async function timed(name, work) {
  const started = performance.now();
  const result = await work();
  phases.push({ name, seconds: (performance.now() - started) / 1000, ...result });
  return result.ok;
}

async function check() {
  return timed('check', async () => ({ ok: (await Promise.all(CHECK_LANES.map(runLane))).every(Boolean) }));
}

async function vitestProject(project) {
  const dir = mkdtempSync(path.join(tmpdir(), 'campus-test-summary-'));
  const summaryFile = path.join(dir, 'summary.json');
  try {
    return await timed(`vitest ${project}`, async () => {
      const ok = await run([`vitest ${project}`, bin('vitest'), ['run', '--project', project]], {
        TEST_SUMMARY_FILE: summaryFile,
      });
      let counts = { passed: 0, failed: 0, skipped: 0 };
      try {
        counts = JSON.parse(readFileSync(summaryFile, 'utf8'));
      } catch {
        // No summary: Vitest stopped before its reporter ran (a config or start-up error).
      }
      return { ok: ok && counts.failed === 0, ...counts };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printTable() {
  const total = phases.reduce((sum, phase) => sum + phase.seconds, 0);
  const rows = phases.map((phase) => [
    phase.name,
    `${phase.seconds.toFixed(1)} s`,
    phase.ok ? 'ok' : 'FAILED',
    phase.passed === undefined ? '' : `${phase.passed} passed, ${phase.failed} failed`,
  ]);
  rows.push(['total', `${total.toFixed(1)} s (${Math.floor(total / 60)} min ${Math.round(total % 60)} s)`, '', '']);
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
  console.log('\nnpm test, phase by phase:');
  for (const row of rows) {
    console.log(`  ${row[0].padEnd(widths[0])}  ${row[1].padStart(widths[1])}  ${row[2].padEnd(widths[2])}  ${row[3]}`);
  }
  const passed = phases.reduce((sum, phase) => sum + (phase.passed ?? 0), 0);
  const failed = phases.reduce((sum, phase) => sum + (phase.failed ?? 0), 0);
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
}

const only = process.argv[2];
if (only === 'check') {
  process.exit((await check()) ? 0 : 1);
}
if (only === 'typecheck') {
  process.exit((await runLane(TYPECHECKS)) ? 0 : 1);
}
if (only !== undefined) {
  console.error('usage: node tests/scripts/test.mjs [check | typecheck]');
  process.exit(2);
}

let ok = (await check()) && (await timed('build', async () => ({ ok: await run(BUILD) })));
if (ok) {
  for (const project of PROJECTS) ok = (await vitestProject(project)) && ok;
}
printTable();
process.exit(ok ? 0 : 1);
