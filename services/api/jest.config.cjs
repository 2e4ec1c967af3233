// The API suites boot the real Nest app on a real database; --runInBand (package.json) keeps them
// from competing for the database and the machine's two cores.
module.exports = {
  ...require('../../tools/jest/preset.cjs').preset(),
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // A suite's world on PostgreSQL (a database of its own, all migrations) can take over 30 s to
  // build on a busy machine.
  testTimeout: 60_000,
};
