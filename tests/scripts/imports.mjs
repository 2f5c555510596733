// Checks the import rules of .dependency-cruiser.cjs against a baseline of known violations
// (decision 030). `npm run imports` fails on any violation the baseline does not list;
// `npm run imports:shrink` rewrites the baseline without the entries that are fixed. Nothing
// here adds an entry: a new violation is fixed, not listed (`--adopt` exists only to adopt
// a new rule over code that breaks it, in the same commit as the rule).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const BASELINE = '.dependency-cruiser-known-violations.json';
const CRUISED = ['shared', 'migrations', 'sync-server', 'web', 'sw', 'tests', 'vitest.config.ts'];
const mode = process.argv[2] ?? '--check';
if (!['--check', '--shrink', '--adopt'].includes(mode)) {
  console.error('usage: node tests/scripts/imports.mjs [--check | --shrink | --adopt]');
  process.exit(2);
}

/** The violations as dependency-cruiser's baseline reporter writes them, kept to what matching needs. */
function currentViolations() {
  const main = fileURLToPath(import.meta.resolve('dependency-cruiser')); // <package>/src/main/index.mjs
  const cli = path.resolve(path.dirname(main), '../../bin/dependency-cruise.mjs');
  const output = execFileSync(
    process.execPath,
    [cli, '--config', '.dependency-cruiser.cjs', '--output-type', 'baseline', ...CRUISED],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(output).map(compact);
}

function compact(violation) {
  const entry = { type: violation.type, from: violation.from, to: violation.to, rule: violation.rule };
  if (violation.cycle) entry.cycle = violation.cycle;
  return entry;
}

/** The same test as dependency-cruiser's --ignore-known: one rule, and the same cycle or the same edge. */
function same(left, right) {
  if (left.rule.name !== right.rule.name) return false;
  if (left.cycle && right.cycle) {
    const names = new Set(right.cycle.map(({ name }) => name));
    return left.cycle.length === right.cycle.length && left.cycle.every(({ name }) => names.has(name));
  }
  return left.from === right.from && left.to === right.to;
}

function describe(violation) {
  const where = violation.cycle
    ? [violation.from, ...violation.cycle.map(({ name }) => name)].join(' → ')
    : `${violation.from} → ${violation.to}`;
  return `  ${violation.rule.name}: ${where}`;
}

function byPlace(a, b) {
  return `${a.rule.name} ${a.from} ${a.to}`.localeCompare(`${b.rule.name} ${b.from} ${b.to}`);
}

function write(entries) {
  writeFileSync(path.join(root, BASELINE), `${JSON.stringify([...entries].sort(byPlace), null, 2)}\n`);
}

const current = currentViolations();
if (mode === '--adopt') {
  write(current);
  console.log(`imports: baseline written with ${current.length} known violations`);
  process.exit(0);
}

const baseline = JSON.parse(readFileSync(path.join(root, BASELINE), 'utf8'));
const fresh = current.filter((violation) => !baseline.some((known) => same(known, violation)));
const kept = baseline.filter((known) => current.some((violation) => same(known, violation)));
const fixed = baseline.length - kept.length;

if (mode === '--shrink') {
  write(kept);
  console.log(`imports: baseline ${baseline.length} → ${kept.length} known violations (${fixed} fixed)`);
  process.exit(0);
}

const counts = new Map();
for (const { rule } of kept) counts.set(rule.name, (counts.get(rule.name) ?? 0) + 1);
const perRule = [...counts].map(([rule, count]) => `${rule} ${count}`);
console.log(
  `imports: ${kept.length} known violations in the baseline${perRule.length ? ` (${perRule.join(', ')})` : ''}`,
);
if (fixed > 0) console.log(`imports: ${fixed} baseline entries are fixed: run npm run imports:shrink`);
if (fresh.length > 0) {
  console.error(`imports: ${fresh.length} new violations (rules and reasons in .dependency-cruiser.cjs):`);
  for (const violation of fresh) console.error(describe(violation));
  process.exit(1);
}
