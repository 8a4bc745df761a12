// Writes this Vitest run's totals to $FOODLINK_TEST_RESULTS_DIR in the shape the Jest reporter uses, so
// `npm test` can print one summary line over every project. Without that variable it does nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const dir = process.env.FOODLINK_TEST_RESULTS_DIR;
    if (!dir) return;
    let passed = 0;
    let failed = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
      }
    }
    const runError = unhandledErrors.length > 0 || testModules.some((module) => module.state() === 'failed' && !module.ok());
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `vitest-web-${process.pid}.json`), JSON.stringify({ project: 'web', passed, failed, total: passed + failed, runError }));
  }
}
