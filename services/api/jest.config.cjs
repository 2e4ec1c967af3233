// The API suites boot the real Nest app on a real database of their own, so two run at once
// (package.json: --maxWorkers=2, one per core). A worker that has grown past the limit after a
// suite is replaced, so memory stays flat over the 130 suites.
module.exports = {
  ...require('../../tools/jest/preset.cjs').preset(),
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // A suite's world on PostgreSQL (a database of its own, all migrations) can take over 30 s to
  // build on a busy machine.
  testTimeout: 60_000,
  workerIdleMemoryLimit: '1536MB',
};
