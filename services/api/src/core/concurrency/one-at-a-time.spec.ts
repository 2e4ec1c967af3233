import { OneAtATime } from './one-at-a-time';

const turns = () => new Promise((resolve) => setImmediate(resolve));

/** A task that runs until released, recording when it starts and ends. */
const gate = (log: string[], name: string) => {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      log.push(`${name} start`);
      await done;
      log.push(`${name} end`);
    },
    release: () => release(),
  };
};

describe('OneAtATime', () => {
  it('starts a second task only once the first has ended', async () => {
    const serial = new OneAtATime();
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const runs = [serial.run(a.task), serial.run(b.task)];
    await turns();
    expect(log).toEqual(['a start']);
    a.release();
    await turns();
    expect(log).toEqual(['a start', 'a end', 'b start']);
    b.release();
    await Promise.all(runs);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });

  it('idle() waits for the task under way, and is at once done when none runs', async () => {
    const serial = new OneAtATime();
    await serial.idle();
    const log: string[] = [];
    const a = gate(log, 'a');
    const run = serial.run(a.task);
    let idle = false;
    const waiting = serial.idle().then(() => (idle = true));
    await turns();
    expect(idle).toBe(false);
    a.release();
    await Promise.all([run, waiting]);
    expect(idle).toBe(true);
  });
});
