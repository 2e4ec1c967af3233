import { PeriodicFlush } from './periodic-flush';

describe('PeriodicFlush', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes every interval once started, and a last time when stopped', async () => {
    const write = jest.fn(() => Promise.resolve());
    const flush = new PeriodicFlush(write, 5_000);
    jest.advanceTimersByTime(10_000);
    expect(write).not.toHaveBeenCalled();
    flush.start();
    flush.start();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(write).toHaveBeenCalledTimes(2);
    await flush.stop();
    expect(write).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(write).toHaveBeenCalledTimes(3);
  });
});
