import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A built shell shaped like web/dist/index.html: what the first screen is written into. */
export async function builtShellDist(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'campus-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    [
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
      '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />',
      '<meta name="theme-color" content="#4338ca" /><title>Campus Buy / Sell</title>',
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/router-abc.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-abc.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join(''),
  );
  return dist;
}

/** The server's first screen in an answer, or null when it has none. */
export function firstScreenOf(page: string): string | null {
  const start = page.indexOf('<div id="first-screen"');
  return start === -1 ? null : page.slice(start, page.indexOf('<div id="root">'));
}

/** The post ids the first screen's cards link to, in order. */
export function cardPostIds(page: string): string[] {
  const screen = firstScreenOf(page) ?? '';
  return [...screen.matchAll(/<a class="post-card__meta" href="\/post\/([^"]+)"/g)].map((match) => match[1] ?? '');
}
