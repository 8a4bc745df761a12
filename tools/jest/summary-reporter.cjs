// Writes this Jest run's totals to $FOODLINK_TEST_RESULTS_DIR so `npm test` can print one summary line
// over every project. Without that variable (a project run on its own) it does nothing.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig, options = {}) {
    this.project = options.project ?? path.basename(globalConfig.rootDir);
  }

  onRunComplete(_contexts, results) {
    const dir = process.env.FOODLINK_TEST_RESULTS_DIR;
    if (!dir) return;
    const summary = {
      project: this.project,
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      total: results.numTotalTests,
      // A suite that failed to load has no failed tests but must not count as green.
      runError: results.numRuntimeErrorTestSuites > 0 || results.numFailedTestSuites > 0,
    };
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `jest-${this.project}-${process.pid}.json`), JSON.stringify(summary));
  }
}

module.exports = SummaryReporter;
