// Prints the gzipped size of the JavaScript a browser loads for /home: the entry
// script of the built index.html and every module it preloads, and the starter that
// imports them on a page the server wrote a first screen for (decision 049). Run `npm run size`.
// Fails above the budget (issue 25: 140 KB, decision 050) or when that JavaScript
// carries Zod (the rule: no Zod in anything /home's entry loads). `node
// tests/scripts/size.mjs <dist>` measures another build's output.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 140;
/** Class names Zod 4 keeps as strings through minification (its core `$constructor` names). */
const ZOD_MARKERS = ['$ZodType', '$ZodError'];
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../web/dist'));
const html = await readFile(path.join(dist, 'index.html'), 'utf8');
const scripts = [
  ...[...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (match) => match[1],
  ),
  // Not in index.html: the server puts it in place of the entry on /home (sync-server/src/web/static.routes.ts).
  'first-screen-start.js',
];
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map((match) => match[1]);

async function gzipKb(file) {
  const bytes = await readFile(path.join(dist, file));
  return { raw: bytes.length / 1024, gzip: gzipSync(bytes, { level: 9 }).length / 1024, text: bytes.toString('utf8') };
}

let total = 0;
const withZod = [];
for (const file of scripts) {
  const size = await gzipKb(file);
  total += size.gzip;
  if (ZOD_MARKERS.some((marker) => size.text.includes(marker))) withZod.push(file);
  console.log(`js   ${file}  ${size.raw.toFixed(1)} KB raw, ${size.gzip.toFixed(1)} KB gzip`);
}
for (const file of styles) {
  const size = await gzipKb(file);
  console.log(`css  ${file}  ${size.raw.toFixed(1)} KB raw, ${size.gzip.toFixed(1)} KB gzip`);
}
console.log(
  `\nJavaScript loaded for /home: ${total.toFixed(1)} KB gzipped (target < ${BUDGET_KB} KB) ${total <= BUDGET_KB ? 'PASS' : 'MISS'}`,
);
if (total > BUDGET_KB) process.exitCode = 1;
if (withZod.length > 0) {
  console.log(`Zod is in /home's JavaScript (${withZod.join(', ')}): import schemas only in lazy screens.`);
  process.exitCode = 1;
} else console.log("No Zod in /home's JavaScript.");
