// jsdom with Node's fetch (libs/testing's environment), so specs talk to a real local HTTP server.
const preset = require('../tools/jest/preset.cjs').preset({ dom: true });

module.exports = {
  ...preset,
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/src/test/setup.ts'],
};
