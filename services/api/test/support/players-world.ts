// The players suites' world: two crews (see crew.ts), two servers of the first crew's network
// reporting a roster of five, some kills and a chat line; and the list call they share.
import type { PlayersListResponse } from '@outpost/contracts';
import type { TestApp } from '.';
import { createWorld, expectStatus, type Crew } from './crew';
import { addServer, heartbeat, pluginCall, steamIdOf, type FakePlayer } from './plugin';

export const ROSTER: FakePlayer[] = [
  { steamId: steamIdOf(1), name: 'Alpha', ip: '203.0.113.1' },
  { steamId: steamIdOf(2), name: 'bravo', ip: '203.0.113.2' },
  { steamId: steamIdOf(3), name: 'Charlie', ip: '198.51.100.3' },
  { steamId: steamIdOf(4), name: 'Delta_50%', ip: '198.51.100.4' },
  { steamId: steamIdOf(5), name: 'Echo', ip: '192.0.2.5' },
];

export type PlayersWorld = {
  t: TestApp;
  crew: Crew;
  other: Crew;
  main: { id: string; token: string };
  second: { id: string; token: string };
};

/** Main reports Alpha, bravo and Charlie; Second reports Delta_50% and Echo. */
export const createPlayersWorld = async (): Promise<PlayersWorld> => {
  const { t, crew, other } = await createWorld();
  const main = await addServer(crew.owner, crew.network.id, 'Main');
  const second = await addServer(crew.owner, crew.network.id, 'Second');
  await heartbeat(t, main.token, ROSTER.slice(0, 3));
  await heartbeat(t, second.token, ROSTER.slice(3));
  const at = new Date().toISOString();
  const kill = (id: string, killer: number, victim: number, headshot: boolean) => ({
    id,
    type: 'kill',
    at,
    killerSteamId: steamIdOf(killer),
    victimSteamId: steamIdOf(victim),
    weapon: 'AK-47',
    headshot,
  });
  expectStatus(
    await pluginCall(t, main.token, 'events', {
      events: [
        kill('k1', 1, 2, true),
        kill('k2', 1, 3, false),
        kill('k3', 3, 2, true),
        { id: 'c1', type: 'chat', at, steamId: steamIdOf(1), message: 'hello' },
      ],
    }),
    200,
  );
  return { t, crew, other, main, second };
};

/** A page of the crew's network's players, as `who` (the owner by default) asks for it. */
export const listPlayers = async (
  crew: Crew,
  query: Record<string, string | number>,
  who = crew.owner,
): Promise<PlayersListResponse> =>
  (
    expectStatus(await who.agent.get('/api/players').query({ networkId: crew.network.id, ...query }), 200)
      .body as { data: PlayersListResponse }
  ).data;
