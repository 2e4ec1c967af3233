import type { ServerReportedEvent } from '../../core/events';
import { type Bucket, BUCKET_TABLES, BucketSet, bucketStart, rollUp } from './metric-buckets';

const MINUTE = BUCKET_TABLES.minute.sizeMs;
const FIVE = BUCKET_TABLES.fiveMinutes.sizeMs;
const HOUR = BUCKET_TABLES.hour.sizeMs;
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);

const report = (at: number, figures: Partial<ServerReportedEvent> = {}): ServerReportedEvent => ({
  networkId: 'n1',
  serverId: 's1',
  status: 'online',
  playerCount: 10,
  maxPlayers: 100,
  at: new Date(at),
  fps: null,
  entities: null,
  memoryMb: null,
  queued: null,
  networkIn: null,
  networkOut: null,
  ...figures,
});

const drained = (set: BucketSet): Bucket[] => set.drain().sort((a, b) => a.at - b.at);

describe('bucketStart', () => {
  it('is the start of the bucket that holds the time: a boundary belongs to the bucket it starts', () => {
    expect(bucketStart(T0, MINUTE)).toBe(T0);
    expect(bucketStart(T0 + MINUTE - 1, MINUTE)).toBe(T0);
    expect(bucketStart(T0 + MINUTE, MINUTE)).toBe(T0 + MINUTE);
    expect(bucketStart(T0 + 4 * MINUTE + 59_999, FIVE)).toBe(T0);
    expect(bucketStart(T0 + 5 * MINUTE, FIVE)).toBe(T0 + FIVE);
    expect(bucketStart(T0 + 59 * MINUTE, HOUR)).toBe(T0);
  });

  it('rounds down before 1970 too', () => {
    expect(bucketStart(-1, MINUTE)).toBe(-MINUTE);
    expect(bucketStart(-MINUTE, MINUTE)).toBe(-MINUTE);
  });
});

describe('BucketSet.add', () => {
  it('counts the reports of a minute: players and each figure as count, sum, lowest and highest', () => {
    const set = new BucketSet(MINUTE);
    set.add(report(T0 + 1_000, { playerCount: 10, maxPlayers: 100, fps: 60, entities: 1000 }));
    set.add(report(T0 + 31_000, { playerCount: 14, maxPlayers: 150, fps: 40, entities: 1200 }));
    const [bucket] = drained(set);
    expect(bucket).toMatchObject({ serverId: 's1', networkId: 'n1', at: T0, reports: 2, maxPlayers: 150 });
    expect(bucket.players).toEqual({ n: 2, sum: 24, min: 10, max: 14 });
    expect(bucket.figures.fps).toEqual({ n: 2, sum: 100, min: 40, max: 60 });
    expect(bucket.figures.entities).toEqual({ n: 2, sum: 2200, min: 1000, max: 1200 });
  });

  it('skips a figure a report lacks (null) or that is not a number, counting only the others', () => {
    const set = new BucketSet(MINUTE);
    set.add(report(T0, { fps: 50, queued: null }));
    set.add(report(T0 + 10_000, { fps: null, queued: 3 }));
    set.add(report(T0 + 20_000, { fps: Number.NaN, memoryMb: Number.POSITIVE_INFINITY }));
    const [bucket] = drained(set);
    expect(bucket.reports).toBe(3);
    expect(bucket.figures.fps).toEqual({ n: 1, sum: 50, min: 50, max: 50 });
    expect(bucket.figures.queued).toEqual({ n: 1, sum: 3, min: 3, max: 3 });
    expect(bucket.figures.memoryMb).toEqual({ n: 0, sum: 0, min: null, max: null });
    expect(bucket.figures.networkIn).toEqual({ n: 0, sum: 0, min: null, max: null });
  });

  it('keeps zero as a value (lowest 0), not as a missing one', () => {
    const set = new BucketSet(MINUTE);
    set.add(report(T0, { playerCount: 0, queued: 0 }));
    set.add(report(T0 + 1, { playerCount: 5, queued: 2 }));
    const [bucket] = drained(set);
    expect(bucket.players).toEqual({ n: 2, sum: 5, min: 0, max: 5 });
    expect(bucket.figures.queued).toEqual({ n: 2, sum: 2, min: 0, max: 2 });
  });

  it('puts reports either side of a boundary in two buckets, and each server in its own', () => {
    const set = new BucketSet(MINUTE);
    set.add(report(T0 + MINUTE - 1));
    set.add(report(T0 + MINUTE));
    set.add(report(T0 + MINUTE, { serverId: 's2', networkId: 'n2' }));
    const buckets = drained(set);
    expect(buckets.map((b) => [b.serverId, b.at, b.reports])).toEqual([
      ['s1', T0, 1],
      ['s1', T0 + MINUTE, 1],
      ['s2', T0 + MINUTE, 1],
    ]);
    expect(set.size).toBe(0);
  });
});

describe('BucketSet.merge', () => {
  it('adds two parts of one bucket exactly as if every report had come to one (counts, sums, extremes)', () => {
    const reports = [
      report(T0 + 1_000, { playerCount: 3, fps: 61, networkIn: 1000 }),
      report(T0 + 2_000, { playerCount: 9, fps: null, networkIn: 500 }),
      report(T0 + 3_000, { playerCount: 6, fps: 30, networkIn: null }),
      report(T0 + 4_000, { playerCount: 1, maxPlayers: 200, fps: 45 }),
    ];
    const whole = new BucketSet(MINUTE);
    for (const r of reports) whole.add(r);
    const [first, second] = [new BucketSet(MINUTE), new BucketSet(MINUTE)];
    reports.slice(0, 2).forEach((r) => first.add(r));
    reports.slice(2).forEach((r) => second.add(r));
    const merged = new BucketSet(MINUTE);
    for (const part of [...first.drain(), ...second.drain()]) merged.merge(part);
    const [bucket] = drained(merged);
    expect(bucket).toEqual(drained(whole)[0]);
    expect(bucket.players).toEqual({ n: 4, sum: 19, min: 1, max: 9 });
    expect(bucket.maxPlayers).toBe(200);
    expect(bucket.figures.fps).toEqual({ n: 3, sum: 136, min: 30, max: 61 });
    expect(bucket.figures.networkIn).toEqual({ n: 2, sum: 1500, min: 500, max: 1000 });
  });

  it("takes the other part's lowest and highest where one part has none (null)", () => {
    const withFps = new BucketSet(MINUTE);
    withFps.add(report(T0, { fps: 20 }));
    const without = new BucketSet(MINUTE);
    without.add(report(T0 + 1));
    const merged = new BucketSet(MINUTE);
    merged.merge(without.drain()[0]);
    merged.merge(withFps.drain()[0]);
    expect(drained(merged)[0].figures.fps).toEqual({ n: 1, sum: 20, min: 20, max: 20 });
  });

  it('leaves a figure no part has as none (null), not 0', () => {
    const [a, b] = [new BucketSet(MINUTE), new BucketSet(MINUTE)];
    a.add(report(T0, { fps: 60 }));
    b.add(report(T0 + 1, { fps: 50 }));
    const merged = new BucketSet(MINUTE);
    merged.merge(a.drain()[0]);
    merged.merge(b.drain()[0]);
    expect(drained(merged)[0].figures.entities).toEqual({ n: 0, sum: 0, min: null, max: null });
  });
});

describe('rollUp', () => {
  const minutesOf = (count: number, from = T0): Bucket[] => {
    const set = new BucketSet(MINUTE);
    for (let i = 0; i < count; i += 1)
      set.add(report(from + i * MINUTE + 30_000, { playerCount: i, fps: i % 3 === 0 ? null : 60 - i }));
    return set.drain();
  };

  it('merges minutes into five-minute buckets at their boundaries', () => {
    const fives = rollUp(minutesOf(12), FIVE).sort((a, b) => a.at - b.at);
    expect(fives.map((b) => [b.at, b.reports])).toEqual([
      [T0, 5],
      [T0 + FIVE, 5],
      [T0 + 2 * FIVE, 2],
    ]);
    // Minutes 0..4: players 0..4; fps null on 0 and 3, else 60 - i.
    expect(fives[0].players).toEqual({ n: 5, sum: 10, min: 0, max: 4 });
    expect(fives[0].figures.fps).toEqual({ n: 3, sum: 59 + 58 + 56, min: 56, max: 59 });
  });

  it('gives an hour the same figures from its minutes as from its five-minute buckets', () => {
    const minutes = minutesOf(90, T0 - 15 * MINUTE);
    const direct = rollUp(minutes, HOUR).sort((a, b) => a.at - b.at);
    const viaFives = rollUp(rollUp(minutes, FIVE), HOUR).sort((a, b) => a.at - b.at);
    expect(viaFives).toEqual(direct);
    expect(direct.map((b) => [b.at, b.reports])).toEqual([
      [T0 - HOUR, 15],
      [T0, 60],
      [T0 + HOUR, 15],
    ]);
    expect(direct[1].players).toEqual({
      n: 60,
      sum: Array.from({ length: 60 }, (_, i) => i + 15).reduce((a, b) => a + b, 0),
      min: 15,
      max: 74,
    });
  });

  it('keeps servers apart within the same hour', () => {
    const set = new BucketSet(MINUTE);
    set.add(report(T0, { serverId: 'a', playerCount: 1 }));
    set.add(report(T0 + MINUTE, { serverId: 'b', playerCount: 50 }));
    const hours = rollUp(set.drain(), HOUR).sort((x, y) => x.serverId.localeCompare(y.serverId));
    expect(hours.map((b) => [b.serverId, b.at, b.players.max])).toEqual([
      ['a', T0, 1],
      ['b', T0, 50],
    ]);
  });
});
