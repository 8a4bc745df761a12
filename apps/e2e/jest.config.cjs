// End-to-end tests: the global setup builds nothing itself (npm test has built every project), starts
// the real API (which serves the built web app) on its own database and Redis prefix, and each test
// drives Debian's Chromium through playwright-core.
const swc = require('../../tools/jest/swc.config.cjs');

module.exports = {
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testRegex: '\\.e2e-spec\\.ts$',
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, module: { type: 'commonjs' } }] },
  moduleNameMapper: { '^@food-link/contracts$': '<rootDir>/../../libs/contracts/src/index.ts' },
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  // One stack, one browser at a time: the scenarios share the API and run in order.
  maxWorkers: 1,
  testTimeout: 60000,
  reporters: ['default', ['<rootDir>/../../tools/jest/summary-reporter.cjs', { project: 'e2e' }]],
};
