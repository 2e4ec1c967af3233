// jsdom with the jest-dom matchers; specs that need Node's own fetch opt into `@jest-environment node`.
module.exports = {
  ...require('../../tools/jest/preset.cjs').preset({ dom: true }),
  setupFilesAfterEnv: [require.resolve('@testing-library/jest-dom')],
};
