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
