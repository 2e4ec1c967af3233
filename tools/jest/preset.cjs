// Shared Jest preset: SWC for speed (tsc --noEmit is the type gate), workspace libs mapped to source.
const path = require('node:path');
const root = path.resolve(__dirname, '../..');
const libs = [
  'contracts',
  'validation',
  'format',
  'plugin-sdk',
  'rcon',
  'simulation',
  'ui',
  'api-client',
  'api-cache',
  'router',
  'server-frame',
  'prerender',
  'testing',
  'discord-stand-in',
];

function preset({ dom = false } = {}) {
  return {
    // jsdom plus Node's fetch, so web specs call a real local HTTP server instead of mocking fetch.
    testEnvironment: dom ? path.join(root, 'libs/testing/jest-environment.cjs') : 'node',
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true, decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      ...Object.fromEntries(libs.map((l) => [`^@outpost/${l}$`, path.join(root, `libs/${l}/src/index`)])),
      '^@outpost/rcon/testing$': path.join(root, 'libs/rcon/src/testing/index.ts'),
      '^@outpost/api-client/test-server$': path.join(root, 'libs/api-client/src/spec-support/test-server.ts'),
      '\\.(css)$': path.join(__dirname, 'style-stub.cjs'),
    },
    setupFiles: dom ? [path.join(__dirname, 'dom-setup.cjs')] : [],
    setupFilesAfterEnv: dom ? [path.join(__dirname, 'dom-after-env.cjs')] : [],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  };
}
module.exports = { preset };
