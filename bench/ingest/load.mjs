// The load loop of bench/ingest, for its two-instance comparison (behind-nginx.mjs): the same
// workers, turns and figures as run.mjs's, with what they measure passed in.

/** Runs `task(n)` from `concurrency` workers for `seconds`; answers the latencies and failures. */
export const load = async (task, { concurrency, seconds }) => {
  const latencies = [];
  let errors = 0;
  let sequence = 0;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const n = sequence++;
        const t0 = performance.now();
        try {
          if (!(await task(n))) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, errors, elapsed: (Date.now() - started) / 1000 };
};

/**
 * Each task warms up for a second unmeasured, then they take turns, `rounds` times each for
 * seconds / rounds, so a slower or faster spell of the machine falls on all of them. Answers each
 * one's rate, latencies and failures over its turns.
 */
export const takingTurns = async (named, { concurrency, seconds, rounds }) => {
  // Numbered across turns, so each turn goes on through the servers where the last one stopped.
  const tasks = Object.entries(named).map(([name, task]) => {
    let next = 0;
    return [name, () => task(next++)];
  });
  for (const [, task] of tasks) await load(task, { concurrency, seconds: 1 });
  const turns = Object.fromEntries(tasks.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round += 1)
    for (const [name, task] of tasks)
      turns[name].push(await load(task, { concurrency, seconds: seconds / rounds }));
  return Object.fromEntries(
    Object.entries(turns).map(([name, runs]) => {
      const latencies = runs.flatMap((run) => run.latencies);
      const elapsed = runs.reduce((sum, run) => sum + run.elapsed, 0);
      const errors = runs.reduce((sum, run) => sum + run.errors, 0);
      return [name, { rate: latencies.length / elapsed, latencies, errors }];
    }),
  );
};
