// jsdom with Node's fetch (./jest-environment.cjs) and the jest-dom matchers.
module.exports = {
  ...require('../../tools/jest/preset.cjs').preset({ dom: true }),
  testEnvironment: require.resolve('./jest-environment.cjs'),
  setupFilesAfterEnv: [require.resolve('@testing-library/jest-dom')],
};
