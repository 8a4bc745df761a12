// Writes this Jest run's totals to $FOODLINK_TEST_RESULTS_DIR so `npm test` can print one summary line
// over every project. Without that variable (a project run on its own) it does nothing.
//
// The file is written as the run goes, after each test file, marked `runError` with the file that ran
// last, and written whole at the end. So a run that dies on its way (a crash of Jest's own process, an
// out-of-memory kill) still counts what passed and failed before it, as a run error, and says where it
// stopped; only a run that ends rewrites it without the mark.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig, options = {}) {
    this.project = options.project ?? path.basename(globalConfig.rootDir);
    this.rootDir = globalConfig.rootDir;
  }

  onRunStart() {
    this.write({ passed: 0, failed: 0, total: 0, runError: true, unfinished: 'no test file had finished' });
  }

  onTestFileResult(test, _result, aggregated) {
    this.write({
      passed: aggregated.numPassedTests,
      failed: aggregated.numFailedTests,
      total: aggregated.numTotalTests,
      runError: true,
      unfinished: `the run did not end; the last test file to finish was ${path.relative(this.rootDir, test.path)}`,
    });
  }

  onRunComplete(_contexts, results) {
    this.write({
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      total: results.numTotalTests,
      // A suite that failed to load has no failed tests but must not count as green.
      runError: results.numRuntimeErrorTestSuites > 0 || results.numFailedTestSuites > 0,
    });
  }

  write(summary) {
    const dir = process.env.FOODLINK_TEST_RESULTS_DIR;
    if (!dir) return;
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `jest-${this.project}-${process.pid}.json`);
    // Written aside, then renamed: a crash mid-write leaves the previous whole file, never half of one.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ project: this.project, ...summary }));
    fs.renameSync(`${file}.tmp`, file);
  }
}

module.exports = SummaryReporter;
