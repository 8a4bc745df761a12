// Unit tests sit beside the code (src/**/*.spec.ts); integration tests boot the app against real
// PostgreSQL and Redis (test/**/*.int-spec.ts). Each test file gets a database of its own.
const path = require('node:path');
const swc = require('../../tools/jest/swc.config.cjs');

// Tests that SIGKILL a real API process start the built one.
process.env.FOODLINK_API_MAIN = path.join(__dirname, 'dist', 'main.js');
// The SQL boundary test (src/database/sql-boundary.spec.ts) reads the sources.
process.env.FOODLINK_API_SRC = path.join(__dirname, 'src');

module.exports = {
  displayName: 'api',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|int-spec)\\.ts$',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: { '^@food-link/contracts$': '<rootDir>/../../libs/contracts/src/index.ts' },
  // main.ts loads reflect-metadata before anything else; tests do the same.
  setupFiles: ['reflect-metadata'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  // Two test files at a time, each in a worker process that is replaced after a file that leaves it above
  // 1 GB. Each file boots whole applications, and Jest's module registries and the VM contexts of ES
  // modules are not all given back between files: run in Jest's own process (its default with one worker),
  // the ~100 files grew it past 3 GB by a third of the run (RSS, measured), and the run of stop 35 ended
  // without its totals, as a V8 heap at its 4 GB limit ends. Two at a time: the files mostly wait (on
  // PostgreSQL, Redis, timers, child processes), so ten of the heaviest (the races, the outages, the
  // deadlines) took 247 s instead of their 474 s one after another, on a busy machine, with at most 37
  // PostgreSQL connections open (pg_stat_activity sampled each second; the server allows 100). Each file
  // has its own database and key prefix, and the outage tests stop their own Redis and cut their own proxy,
  // so files running side by side cannot disturb each other's services.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1GB',
  reporters: ['default', ['<rootDir>/../../tools/jest/summary-reporter.cjs', { project: 'api' }]],
};
