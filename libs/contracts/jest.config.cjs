module.exports = {
  displayName: 'contracts',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  transform: { '^.+\\.ts$': ['@swc/jest', require('../../tools/jest/swc.config.cjs')] },
  reporters: ['default', ['<rootDir>/../../tools/jest/summary-reporter.cjs', { project: 'contracts' }]],
};
