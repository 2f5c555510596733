import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('SERVER_NODE_FLAGS', () => {
  it('are given to node by `npm run serve`, before the server script', () => {
    const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    const argv = (scripts.serve ?? '').split(/\s+/);
    expect(argv[0]).toBe('node');
    const script = argv.indexOf('sync-server/src/main.ts');
    expect(script).toBeGreaterThan(0);
    for (const flag of SERVER_NODE_FLAGS) expect(argv.slice(0, script)).toContain(flag);
  });

  it("are given to node by the Dockerfile's CMD, before the server script", () => {
    const cmd = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    const argv = JSON.parse((cmd ?? 'CMD []').slice('CMD '.length)) as string[];
    expect(argv[0]).toBe('node');
    const script = argv.indexOf('sync-server/src/main.ts');
    expect(script).toBeGreaterThan(0);
    for (const flag of SERVER_NODE_FLAGS) expect(argv.slice(0, script)).toContain(flag);
  });

  it('are options this node accepts (a misspelt one stops node with "bad option")', () => {
    const output = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.stdout.write("started")'], {
      encoding: 'utf8',
    });
    expect(output).toBe('started');
  });
});
