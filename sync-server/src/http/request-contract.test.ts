import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(import.meta.dirname, '..');

async function routeFiles(): Promise<{ name: string; text: string }[]> {
  const names = (await readdir(SOURCE, { recursive: true })).filter((name) => name.endsWith('.routes.ts'));
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(path.join(SOURCE, name), 'utf8') })));
}

/** The names a file imports from the shared package. */
function sharedImports(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, list = ''] of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@campus\/shared\/[\w-]+'/g)) {
    for (const item of list.split(',')) {
      const name = item.replace(/\btype\b/, '').trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * The contract (decision 031): a request's zod schema lives in shared/src, where
 * the web form that sends it reads it too; a route file only imports it.
 */
describe('request contract', () => {
  it('finds the route files', async () => {
    expect((await routeFiles()).length).toBeGreaterThan(20);
  });

  it('has no route file build a zod schema of its own', async () => {
    const withZod = (await routeFiles()).filter(({ text }) => /from 'zod'/.test(text)).map(({ name }) => name);
    expect(withZod).toEqual([]);
  });

  it('reads every JSON body with a schema imported from shared/src', async () => {
    const local: string[] = [];
    for (const { name, text } of await routeFiles()) {
      const shared = sharedImports(text);
      for (const [, schema = ''] of text.matchAll(/readJson\(c,\s*([^)]+)\)/g)) {
        if (!shared.has(schema.trim())) local.push(`${name}: ${schema}`);
      }
    }
    expect(local).toEqual([]);
  });
});
