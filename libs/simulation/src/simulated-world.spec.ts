import { cheatOf } from './cheaters';
import { SimulatedWorld } from './simulated-world';

describe('SimulatedWorld: playtimes fit the uptime', () => {
  it.each([1001, 2002, 3003, 42])(
    'seed %i: no player has been connected longer than the server has been up',
    (seed) => {
      const world = new SimulatedWorld({ seed, players: 100, emit: () => undefined });
      let now = Date.now();
      for (let step = 0; step < 30; step += 1) {
        const state = world.state(now);
        expect(state.uptimeSeconds).toBeGreaterThan(0);
        for (const player of state.players)
          expect(player.connectedSeconds).toBeLessThanOrEqual(state.uptimeSeconds ?? 0);
        now += 120_000;
        world.advance(120, now);
      }
    },
  );

  it('has been up for hours when the panel first hears of it, and those online joined since', () => {
    const world = new SimulatedWorld({ seed: 7, players: 60, emit: () => undefined });
    const state = world.state();
    expect(state.uptimeSeconds).toBeGreaterThanOrEqual(2 * 3600);
    expect(Math.max(...state.players.map((player) => player.connectedSeconds ?? 0))).toBeGreaterThan(0);
  });
});

describe('SimulatedWorld: what the demo shows from its first minute', () => {
  type Emitted = Parameters<ConstructorParameters<typeof SimulatedWorld>[0]['emit']>[0];
  const firstMinute = (seed: number, players: number) => {
    const events: Emitted[] = [];
    const world = new SimulatedWorld({ seed, players, emit: (event) => events.push(event) });
    const start = Date.now();
    for (let second = 10; second <= 60; second += 10) world.advance(10, start + second * 1000);
    return { world, events };
  };

  it.each([1001, 2002, 3003])(
    'seed %i: a cheater online from the start, caught by AntiHack and reported by others',
    (seed) => {
      const { world, events } = firstMinute(seed, 35);
      const cheaters = world.players().filter((player) => cheatOf(player.steamId, seed));
      expect(cheaters.length).toBeGreaterThan(0);
      const lines = events.flatMap((event) => (event.type === 'console' ? [event.message] : []));
      // AntiHack.LogToConsole's line, which the panel reads a violation from.
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^\w+\[7656119\d{10}\] (FlyHack|SpeedHack|ProjectileHack|EyeHack): Enforcing \(violation of [\d.]+\) at \(-?[\d.]+, -?[\d.]+, -?[\d.]+\)$/,
        ),
      );
      const reports = events.filter((event) => event.type === 'report');
      expect(reports.map((report) => report.type === 'report' && report.targetSteamId)).toEqual(
        expect.arrayContaining([cheaters[0].steamId]),
      );
    },
  );

  it('a kicked cheater is back within minutes and caught again; banned, they are refused', () => {
    const events: Emitted[] = [];
    const world = new SimulatedWorld({ seed: 1001, players: 35, emit: (event) => events.push(event) });
    let now = Date.now();
    const cheater = world.players().find((player) => cheatOf(player.steamId, 1001));
    if (!cheater) throw new Error('no cheater online');
    world.kick(cheater, 'AntiHack', now);
    const kickedAt = now;
    while (!world.player(cheater.steamId) && now - kickedAt < 3 * 60_000) world.advance(10, (now += 10_000));
    expect(world.player(cheater.steamId)).toBeDefined();
    expect(now - kickedAt).toBeGreaterThanOrEqual(60_000);
    const caught = events.length;
    for (let step = 0; step < 30; step += 1) world.advance(10, (now += 10_000));
    expect(events.slice(caught)).toContainEqual(
      expect.objectContaining({ type: 'console', message: expect.stringContaining(`[${cheater.steamId}]`) }),
    );
    world.ban(cheater.steamId, 'Cheating', null, now);
    expect(world.tryJoin(cheater, now)).toBe(false);
  });

  it('the console prints deaths no player caused and the autosave every 10 minutes', () => {
    const events: Emitted[] = [];
    const world = new SimulatedWorld({ seed: 5, players: 100, emit: (event) => events.push(event) });
    let now = Date.now();
    for (let step = 0; step < 20; step += 1) world.advance(60, (now += 60_000));
    const lines = events.flatMap((event) => (event.type === 'console' ? [event.message] : []));
    expect(
      lines.some((line) => /^\w+\[\d+\/7656119\d{10}\] (was killed by \S+|died \(\w+\))$/.test(line)),
    ).toBe(true);
    expect(
      lines.filter((line) =>
        /^Saved [\d,]+ ents, cache\([\d.]+\), write\([\d.]+\), disk\([\d.]+\)\.$/.test(line),
      ),
    ).toHaveLength(2);
  });

  it('goes on from where the panel last saw it: the same uptime origin and the same players since the same times', () => {
    const startedAt = Date.now() - 5 * 3600_000;
    const online = [
      { steamId: '76561190000000001', name: 'Rex', ip: '203.0.113.7', joinedAt: Date.now() - 40 * 60_000 },
      { steamId: '76561190000000002', name: 'Bob', joinedAt: Date.now() - 5 * 60_000 },
    ];
    const world = new SimulatedWorld({
      seed: 9,
      players: 10,
      emit: () => undefined,
      resume: { startedAt, online },
    });
    const state = world.state();
    expect(world.startedAt).toBe(startedAt);
    expect(state.uptimeSeconds).toBeGreaterThanOrEqual(5 * 3600);
    expect(state.players.map((player) => [player.steamId, player.name])).toEqual([
      ['76561190000000001', 'Rex'],
      ['76561190000000002', 'Bob'],
    ]);
    expect(state.players[0]).toMatchObject({ ip: '203.0.113.7' });
    expect(state.players[0].connectedSeconds).toBeGreaterThanOrEqual(40 * 60);
  });
});
