import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** One axe-core violation as the tests report it: the rule, its impact and the elements it found. */
interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now and returns its serious and critical
 * violations. The page's Content-Security-Policy (default-src 'self', decision
 * 021) refuses an inline <script> such as page.addScriptTag({ content }) adds,
 * so axe.source is evaluated through the DevTools protocol instead, which the
 * CSP does not govern. Safe to call more than once on a page.
 */
async function findSeriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  const isLoaded = await page.evaluate(() => 'axe' in window);
  if (!isLoaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { axe: runner } = window as unknown as { axe: typeof import('axe-core') };
    const results = await runner.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact));
}

/** Fails the test with each serious or critical axe-core rule id, its help text and the elements it flagged. */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  const violations = await findSeriousA11yViolations(page);
  const report = violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.targets.join('\n    ')}`,
  );
  expect(report, `accessibility violations on ${label}`).toEqual([]);
}
