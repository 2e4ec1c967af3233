// The API suites boot the real Nest app on a real database; --runInBand (package.json) keeps them
// from competing for the database and the machine's two cores.
module.exports = {
  ...require('../../tools/jest/preset.cjs').preset(),
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testTimeout: 30_000,
};
