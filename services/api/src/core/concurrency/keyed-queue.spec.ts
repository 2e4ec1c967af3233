import { AsyncLocalStorage } from 'node:async_hooks';
import { KeyedQueue } from './keyed-queue';

/** A job that runs until released, recording when it starts. */
const gate = (log: string[], name: string, value = name) => {
  let release!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    release = () => resolve(value);
    fail = reject;
  });
  return {
    job: () => {
      log.push(name);
      return done;
    },
    release: () => release(),
    fail: (error: Error) => fail(error),
  };
};

const turns = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedQueue', () => {
  it("runs a key's jobs one at a time, other keys' beside them", async () => {
    const queue = new KeyedQueue<string>(1);
    const log: string[] = [];
    const [a1, a2, b1] = [gate(log, 'a1'), gate(log, 'a2'), gate(log, 'b1')];
    const answers = [queue.run('a', a1.job), queue.run('a', a2.job), queue.run('b', b1.job)];
    await turns();
    expect(log).toEqual(['a1', 'b1']);
    a1.release();
    await turns();
    expect(log).toEqual(['a1', 'b1', 'a2']);
    a2.release();
    b1.release();
    expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'b1']);
    expect(queue.size).toBe(0);
  });

  it('keeps at most maxWaiting jobs waiting: past that, a new one takes the last place and answers its callers', async () => {
    const queue = new KeyedQueue<string>(3);
    const log: string[] = [];
    const jobs = Array.from({ length: 20 }, (_, i) => gate(log, `j${i}`));
    const answers = jobs.map((job) => queue.run('server', job.job));
    for (const i of [0, 1, 2]) {
      await turns();
      jobs[i].release();
    }
    await turns();
    expect(log).toEqual(['j0', 'j1', 'j2', 'j19']);
    jobs[19].release();
    expect(await Promise.all(answers)).toEqual(['j0', 'j1', 'j2', ...Array(17).fill('j19')]);
    expect(queue.size).toBe(0);
  });

  it("answers a failure to its job's callers and runs the next job", async () => {
    const queue = new KeyedQueue<string>(1);
    const log: string[] = [];
    const [first, second, third] = [gate(log, 'first'), gate(log, 'second'), gate(log, 'third')];
    const answers = [first, second, third].map((job) =>
      queue.run('k', job.job).catch((error: Error) => `failed: ${error.message}`),
    );
    first.fail(new Error('stall'));
    await turns();
    third.fail(new Error('again'));
    expect(await Promise.all(answers)).toEqual(['failed: stall', 'failed: again', 'failed: again']);
    const thrown = queue.run('k', () => {
      throw new Error('at once');
    });
    await expect(thrown).rejects.toThrow('at once');
    expect(await queue.run('k', async () => 'after')).toBe('after');
    expect(queue.size).toBe(0);
  });

  it('runs each job in the async context it was queued from', async () => {
    const queue = new KeyedQueue<string>(1);
    const request = new AsyncLocalStorage<string>();
    const log: string[] = [];
    const first = gate(log, 'first');
    const answers = [
      request.run('request 1', () => queue.run('k', first.job)),
      request.run('request 2', () => queue.run('k', async () => request.getStore() ?? 'none')),
    ];
    first.release();
    expect(await Promise.all(answers)).toEqual(['first', 'request 2']);
  });
});
