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
  // The suites run one file at a time, in a worker process that is replaced after a file that leaves it
  // above this much memory. Each file boots whole applications, and Jest's module registries and the VM
  // contexts of ES modules are not all given back between files: run in Jest's own process (its default
  // with one worker), the ~100 files grew it past 3 GB by a third of the run (measured, RSS), and the run of
  // stop 35 ended without its totals, as a heap that reaches V8's 4 GB limit ends.
  maxWorkers: 1,
  workerIdleMemoryLimit: '1GB',
  reporters: ['default', ['<rootDir>/../../tools/jest/summary-reporter.cjs', { project: 'api' }]],
};
