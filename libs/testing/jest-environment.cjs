// jsdom plus Node's own fetch, so web specs can run RTK Query against a real local HTTP server
// instead of mocking fetch. jsdom has no fetch; Node's fetch rejects jsdom's AbortSignal, so the
// abort classes come from Node too (RTK Query passes a signal on every request).
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
