// A small seeded generator, so a simulated server can be replayed (tests, benchmarks).

export type Random = {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
};

/** mulberry32: fast, 32-bit state, good enough for fake players (not for secrets). */
export const createRandom = (seed = Math.floor(Math.random() * 2 ** 32)): Random => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
  };
};

/** How many things happen when `mean` are expected (Poisson). */
export const poisson = (random: Random, mean: number): number => {
  let count = 0;
  for (let p = Math.exp(-mean), sum = p, u = random.next(); u > sum && count < 1000;) {
    count += 1;
    p *= mean / count;
    sum += p;
  }
  return count;
};
