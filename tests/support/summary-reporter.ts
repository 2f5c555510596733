import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line 'tests: N passed, N failed' that CI reads, after Vitest's own
 * summary, and writes the counts as JSON to TEST_SUMMARY_FILE when it is set (tests/scripts/test.mjs
 * adds them up over the projects).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      // A file that failed before any test ran (an import error, a failed beforeAll) counts as failed.
      if (testModule.state() === 'failed' && testModule.children.size === 0) failed++;
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
    const summaryFile = process.env.TEST_SUMMARY_FILE;
    if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ passed, failed, skipped }));
  }
}
