// One server's heartbeats sent at the same moment (a plugin flushing the heartbeats it could not
// send during a stall, the panel's own RCON bridge beside it, a second panel process), some of them
// `starting: true`: applied one at a time, every one answered 2xx, and the stored state is one
// heartbeat's, whole: its status, its player count, its players online here with one open session
// each. Runs on SQLite and PostgreSQL alike (there, the statements really run at the same time).
import type { HeartbeatRequest } from '@outpost/contracts';
import { knexOf } from '../src/core/database';
import { InProcessTransports } from '../src/modules/rcon/in-process-transport';
import { createNetwork, expectStatus } from './support/crew';
import { addServer, pluginCall, steamIdOf, type FakePlayer } from './support/plugin';
import { createTestApp, signIn, type SignedIn, type TestApp } from './support';

type Knex = import('@mikro-orm/knex').Knex;

const playerOf = (n: number): FakePlayer => ({
  steamId: steamIdOf(9000 + n),
  name: `Burst ${n}`,
  ip: `203.0.113.${n + 1}`,
  connectedSeconds: 60,
});

/** Players 0..11 online, minus one leaving and plus one joining, which differ per heartbeat. */
const rosterOf = (i: number): FakePlayer[] => [
  ...Array.from({ length: 12 }, (_, n) => n)
    .filter((n) => n !== i % 4)
    .map(playerOf),
  playerOf(12 + (i % 6)),
];

const WARM_UP: FakePlayer[] = Array.from({ length: 12 }, (_, n) => playerOf(n));

type Sent = { starting: boolean; players: FakePlayer[] };

/** The answers of a burst that are not 2xx. */
const failedOf = <Answer extends { status: number }>(answers: Answer[]): Answer[] =>
  answers.filter((answer) => answer.status < 200 || answer.status > 299);

const bodyOf = ({ starting, players }: Sent): HeartbeatRequest => ({
  maxPlayers: 100,
  hostname: 'Burst',
  map: 'Procedural Map',
  starting,
  players,
});

describe('concurrent heartbeats of one server', () => {
  let t: TestApp;
  /** Another panel process on the same database. */
  let second: TestApp;
  let owner: SignedIn;
  let networkId: string;
  let knex: Knex;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t);
    networkId = (await createNetwork(owner, 'Burst Network')).id;
    knex = knexOf(t.orm);
    // Open for the whole suite: passport keeps one 'jwt' strategy per Node process, the last
    // app's, so the owner's calls go through this one's services (same database) until it closes.
    second = await createTestApp({ database: t.database });
  });
  afterAll(async () => {
    // Only its app: the database is the first app's to drop.
    await second.app.close();
    await t.close();
  });

  /** Sends a heartbeat to `app` (the first panel process by default), answered 200. */
  const send = async (token: string, heartbeat: Sent, app = t) =>
    expectStatus(await pluginCall(app, token, 'heartbeat', bodyOf(heartbeat)), 200);

  /** The server's stored state, checked whole: it is exactly one of the heartbeats sent. */
  const expectOneHeartbeatStored = async (serverId: string, sent: Sent[]) => {
    const [server] = (await knex('servers').where('id', serverId).select('status', 'player_count')) as {
      status: string;
      player_count: number | string;
    }[];
    const here = (await knex('players')
      .where('current_server_id', serverId)
      .select('id', 'steam_id', 'status')) as { id: string; steam_id: string; status: string }[];
    const open = (await knex('player_sessions')
      .where({ server_id: serverId })
      .whereNull('left_at')
      .select('player_id')) as { player_id: string }[];
    const openAnywhere = (await knex('player_sessions')
      .whereIn(
        'player_id',
        here.map((row) => row.id),
      )
      .whereNull('left_at')
      .select('player_id')) as { player_id: string }[];

    const stored = { status: server.status, players: here.map((row) => row.steam_id).sort() };
    expect(
      sent.map(({ starting, players }) => ({
        status: starting ? 'starting' : 'online',
        players: players.map((player) => player.steamId).sort(),
      })),
    ).toContainEqual(stored);
    expect(Number(server.player_count)).toBe(here.length);
    expect(new Set(here.map((row) => row.status))).toEqual(new Set(['online']));
    // One open session per player online here, and none anywhere else.
    expect(open.map((row) => row.player_id).sort()).toEqual(here.map((row) => row.id).sort());
    expect(openAnywhere).toHaveLength(here.length);
    // Everyone else of the burst is offline, their sessions here closed.
    const others = (await knex('players')
      .where('last_server_id', serverId)
      .whereNotIn('steam_id', stored.players)
      .select('status')) as { status: string }[];
    expect(others.filter((row) => row.status !== 'offline')).toEqual([]);
  };

  it('20 heartbeats at once, 5 of them starting, 2 through the RCON bridge: all 2xx, one heartbeat stored whole', async () => {
    const server = await addServer(owner, networkId, 'Burst');
    const bridge = t.app.get(InProcessTransports).for(server.id);
    await send(server.token, { starting: false, players: WARM_UP });

    for (let round = 0; round < 3; round += 1) {
      // Two repeat the stored roster (the steady path), the others change it.
      const sent: Sent[] = Array.from({ length: 20 }, (_, i) => ({
        starting: i % 4 === 3,
        players: i < 2 ? WARM_UP : rosterOf(i + round),
      }));
      const viaBridge: Sent[] = [
        { starting: false, players: rosterOf(round + 1) },
        { starting: true, players: rosterOf(round + 2) },
      ];
      const answers = await Promise.all([
        ...sent.map((heartbeat) =>
          pluginCall(t, server.token, 'heartbeat', bodyOf(heartbeat)).then((res) => ({
            status: res.status,
            body: res.body as unknown,
          })),
        ),
        ...viaBridge.map((heartbeat) =>
          bridge.heartbeat(bodyOf(heartbeat)).then(
            () => ({ status: 200, body: null as unknown }),
            (error: unknown) => ({ status: 0, body: String(error) as unknown }),
          ),
        ),
      ]);
      expect(failedOf(answers)).toEqual([]);
      expect(answers).toHaveLength(22);
      await expectOneHeartbeatStored(server.id, [...sent, ...viaBridge]);
    }

    // A last heartbeat alone sets what it reports.
    const last: Sent = { starting: false, players: WARM_UP };
    await send(server.token, last);
    await expectOneHeartbeatStored(server.id, [last]);
  });

  it('two panel processes on one database, 10 heartbeats each at once: all 2xx, one heartbeat stored whole', async () => {
    const server = await addServer(owner, networkId, 'Burst two');
    await send(server.token, { starting: false, players: WARM_UP });
    for (let round = 0; round < 3; round += 1) {
      const sent: Sent[] = Array.from({ length: 20 }, (_, i) => ({
        starting: i % 5 === 4,
        players: rosterOf(i + round),
      }));
      const answers = await Promise.all(
        sent.map((heartbeat, i) =>
          pluginCall(i % 2 ? second : t, server.token, 'heartbeat', bodyOf(heartbeat)),
        ),
      );
      expect(failedOf(answers).map((res) => res.body)).toEqual([]);
      await expectOneHeartbeatStored(server.id, sent);
    }
  });

  it('two servers reporting the same new players at once: each stored once, online on one of them with one session there, counted once', async () => {
    const [a, b] = [
      await addServer(owner, networkId, 'Shared A'),
      await addServer(owner, networkId, 'Shared B'),
    ];
    const shared = Array.from({ length: 15 }, (_, n): FakePlayer => ({
      ...playerOf(300 + n),
      name: `Shared ${n}`,
    }));
    const countOf = async () =>
      Number(
        (
          (await knex('networks').where('id', networkId).select('player_count')) as { player_count: number }[]
        )[0]?.player_count,
      );
    const before = await countOf();
    const answers = await Promise.all(
      [a, b, a, b].map((server, i) =>
        pluginCall(
          i < 2 ? t : second,
          server.token,
          'heartbeat',
          bodyOf({ starting: false, players: shared }),
        ),
      ),
    );
    expect(failedOf(answers).map((res) => res.body)).toEqual([]);
    const rows = (await knex('players')
      .where('network_id', networkId)
      .whereIn(
        'steam_id',
        shared.map((player) => player.steamId),
      )
      .select('id', 'status', 'current_server_id', 'total_sessions')) as {
      id: string;
      status: string;
      current_server_id: string;
      total_sessions: number | string;
    }[];
    expect(rows).toHaveLength(shared.length);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['online']));
    expect([a.id, b.id]).toEqual(
      expect.arrayContaining([...new Set(rows.map((row) => row.current_server_id))]),
    );
    const sessions = (await knex('player_sessions')
      .whereIn(
        'player_id',
        rows.map((row) => row.id),
      )
      .select('player_id', 'server_id', 'left_at')) as {
      player_id: string;
      server_id: string;
      left_at: unknown;
    }[];
    for (const row of rows) {
      const own = sessions.filter((session) => session.player_id === row.id);
      // One open session, on the server the player is on; every session opened is counted.
      expect(own.filter((session) => session.left_at === null).map((session) => session.server_id)).toEqual([
        row.current_server_id,
      ]);
      expect(Number(row.total_sessions)).toBe(own.length);
    }
    expect((await countOf()) - before).toBe(shared.length);
  });

  it('20 heartbeats of new players at once: each player stored once, with one session here', async () => {
    const server = await addServer(owner, networkId, 'Burst new');
    const fresh = (n: number): FakePlayer => ({ ...playerOf(100 + n), name: `New ${n}` });
    const sent: Sent[] = Array.from({ length: 20 }, (_, i) => ({
      starting: i % 5 === 4,
      players: Array.from({ length: 10 + (i % 3) }, (_, n) => fresh(n)),
    }));
    const answers = await Promise.all(
      sent.map((heartbeat) => pluginCall(t, server.token, 'heartbeat', bodyOf(heartbeat))),
    );
    expect(failedOf(answers).map((res) => res.body)).toEqual([]);
    await expectOneHeartbeatStored(server.id, sent);
    const totals = (await knex('players')
      .where('network_id', networkId)
      .whereIn(
        'steam_id',
        // In every heartbeat: they joined once.
        Array.from({ length: 10 }, (_, n) => fresh(n).steamId),
      )
      .select('total_sessions')) as { total_sessions: number | string }[];
    expect(totals).toHaveLength(10);
    expect(new Set(totals.map((row) => Number(row.total_sessions)))).toEqual(new Set([1]));
  });
});
