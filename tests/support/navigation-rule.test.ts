import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const testsDir = path.resolve(import.meta.dirname, '..');
/** The only places that may load a page without waiting for the app: the helpers, the tests of the written screen, this rule. */
const RAW_NAVIGATION_FILES = new Set([
  'support/e2e-page.ts',
  'support/navigation-rule.test.ts',
  'e2e/first-screen.test.ts',
  'e2e/lighthouse-scores.test.ts',
]);
/** A line that looks at the written screen before the swap says so. */
const WRITTEN_SCREEN_MARK = '// the written screen itself';

function browserFiles(): string[] {
  return ['e2e', 'support'].flatMap((dir) =>
    readdirSync(path.join(testsDir, dir))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `${dir}/${name}`),
  );
}

describe('browser journeys open pages one way (gotoApp / reloadApp)', () => {
  it('never call page.goto or page.reload directly, outside the helpers and the written screen tests', () => {
    const offenders = browserFiles()
      .filter((file) => !RAW_NAVIGATION_FILES.has(file))
      .flatMap((file) =>
        readFileSync(path.join(testsDir, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ file, line, number: index + 1 }))
          .filter(({ line }) => /\.(goto|reload)\(/.test(line) && !line.includes(WRITTEN_SCREEN_MARK)),
      )
      .map(({ file, number, line }) => `${file}:${number}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('finds a direct call (the rule can fail)', () => {
    expect(/\.(goto|reload)\(/.test('await page.goto(url);')).toBe(true);
  });
});
