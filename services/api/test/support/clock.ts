/**
 * Moves the wall clock (Date only) forward: timers, promises and I/O keep running for real, so
 * the app and supertest still work. Undo with `jest.useRealTimers()` (in an afterEach).
 */
export const advanceClock = (ms: number): void => {
  const now = Date.now();
  jest.useFakeTimers({
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'hrtime',
      'performance',
    ],
  });
  jest.setSystemTime(now + ms);
};
