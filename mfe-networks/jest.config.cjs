// jsdom with Node's fetch (libs/testing's environment), so specs talk to a real local HTTP server.
module.exports = {
  ...require('../tools/jest/preset.cjs').preset({ dom: true }),
  testEnvironment: require.resolve('../libs/testing/jest-environment.cjs'),
  setupFilesAfterEnv: [require.resolve('@testing-library/jest-dom'), '<rootDir>/src/test/setup.ts'],
};
