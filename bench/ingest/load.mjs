// The load loop of bench/ingest, for its two-instance comparison (behind-nginx.mjs): the same
// workers, turns and figures as run.mjs's, with what they measure passed in.
import { countCpu } from '../support/process-cpu.mjs';

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
 * Each set-up warms up for a second unmeasured, then they take turns, `rounds` times each for
 * seconds / rounds, so a slower or faster spell of the machine falls on all of them. A set-up is
 * its task, its concurrency, and the groups of processes whose CPU time it counts (process-cpu.mjs:
 * a label and a test each). Answers each one's rate, latencies, failures, and the CPU time per call
 * (µs) of each of its groups over its turns.
 */
export const takingTurns = async (setUps, { seconds, rounds }) => {
  // Numbered across turns, so each turn goes on through the servers where the last one stopped.
  const runs = Object.entries(setUps).map(([name, { task, concurrency, cpu = {} }]) => {
    let next = 0;
    return { name, concurrency, cpu, task: () => task(next++), turns: [], cpuMs: {} };
  });
  for (const { task, concurrency } of runs) await load(task, { concurrency, seconds: 1 });
  for (let round = 0; round < rounds; round += 1)
    for (const run of runs) {
      const used = countCpu(run.cpu);
      run.turns.push(await load(run.task, { concurrency: run.concurrency, seconds: seconds / rounds }));
      for (const [label, ms] of Object.entries(used())) run.cpuMs[label] = (run.cpuMs[label] ?? 0) + ms;
    }
  return Object.fromEntries(
    runs.map(({ name, turns, cpuMs }) => {
      const latencies = turns.flatMap((turn) => turn.latencies);
      const elapsed = turns.reduce((sum, turn) => sum + turn.elapsed, 0);
      const errors = turns.reduce((sum, turn) => sum + turn.errors, 0);
      const cpuPerCall = Object.fromEntries(
        Object.entries(cpuMs).map(([label, ms]) => [label, (ms * 1000) / latencies.length]),
      );
      return [name, { rate: latencies.length / elapsed, latencies, errors, cpuPerCall }];
    }),
  );
};
