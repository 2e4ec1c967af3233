import { atMost } from './at-most';

describe('atMost', () => {
  it('answers when the step settles, or when the time is up, and never fails', async () => {
    const started = Date.now();
    await atMost(1_000, new Promise((resolve) => setTimeout(resolve, 20)));
    expect(Date.now() - started).toBeLessThan(500);
    await atMost(50, new Promise(() => undefined));
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    await expect(atMost(1_000, Promise.reject(new Error('away')))).resolves.toBeUndefined();
  });
});
