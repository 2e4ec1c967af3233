// Heartbeats that race: two servers of one network report the same new players at the same
// moment, and one server's heartbeats, retried after a network stall, run together. Every one is
// answered 200 and the players exist once, counted once. Runs on SQLite and PostgreSQL alike.
import { countRows, createWorld, type Crew } from './support/crew';
import { addServer, pluginCall, steamIdOf, type FakePlayer } from './support/plugin';
import type { TestApp } from './support';

const playersFrom = (first: number, count: number, ip = '203.0.113.9'): FakePlayer[] =>
  Array.from({ length: count }, (_, i) => ({
    steamId: steamIdOf(first + i),
    name: `Racer ${first + i}`,
    ip,
  }));

const body = (players: FakePlayer[]) => ({ maxPlayers: 200, hostname: 'Race', players });

describe('racing heartbeats', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
  });
  afterAll(() => t.close());

  it('two servers reporting the same new players at once: all 200, each player stored once', async () => {
    const [a, b] = [
      await addServer(crew.owner, crew.network.id, 'Race A'),
      await addServer(crew.owner, crew.network.id, 'Race B'),
    ];
    const players = playersFrom(1000, 40);
    // Both servers, several times each, all in flight together.
    const answers = await Promise.all(
      [a, b, a, b].map((server, i) =>
        pluginCall(t, server.token, 'heartbeat', body(i % 2 ? [...players].reverse() : players)),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    for (const player of players)
      expect(await countRows(t, 'players', { network_id: crew.network.id, steam_id: player.steamId })).toBe(
        1,
      );
    expect(await countRows(t, 'player_ips', { ip: '203.0.113.9' })).toBe(players.length);
    const list = await crew.owner.agent.get(`/api/players?networkId=${crew.network.id}&limit=100`);
    expect(list.body.data.totalCount).toBe(players.length);
    // The network's kept total counted each player once.
    const knex = (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex }).getKnex();
    const [row] = await knex('networks').where('id', crew.network.id).select('player_count');
    expect(Number((row as { player_count: number }).player_count)).toBe(players.length);
  });

  it("one server's retried heartbeats running together, with new players and a changed address", async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Retry');
    const players = playersFrom(2000, 40, '198.51.100.4');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pluginCall(t, server.token, 'heartbeat', body(players))),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    for (const player of players.slice(0, 5))
      expect(await countRows(t, 'players', { network_id: crew.network.id, steam_id: player.steamId })).toBe(
        1,
      );
    expect(await countRows(t, 'player_ips', { ip: '198.51.100.4' })).toBe(players.length);
    // One open session each, counted once.
    expect(await countRows(t, 'player_sessions', { server_id: server.id, left_at: null })).toBe(
      players.length,
    );
    const knex = (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex }).getKnex();
    const totals = (await knex('players')
      .whereIn(
        'steam_id',
        players.map((player) => player.steamId),
      )
      .select('total_sessions')) as { total_sessions: number }[];
    expect(new Set(totals.map((row) => Number(row.total_sessions)))).toEqual(new Set([1]));
    const moved = players.map((player) => ({ ...player, ip: '198.51.100.5' }));
    const again = await Promise.all(
      Array.from({ length: 4 }, () => pluginCall(t, server.token, 'heartbeat', body(moved))),
    );
    expect(again.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(await countRows(t, 'player_ips', { ip: '198.51.100.5' })).toBe(players.length);
  });

  // The 500s once seen on PostgreSQL for heartbeats whose hostname held such text came from the
  // race above (those heartbeats reported new players), not from the text: it is stored as sent.
  it('stores hostnames and names with emoji, right-to-left marks, CRLF and control characters as sent', async () => {
    const servers = [
      await addServer(crew.owner, crew.network.id, 'Text A'),
      await addServer(crew.owner, crew.network.id, 'Text B'),
    ];
    const texts = [
      '🦀 Rust EU 🦀',
      '\u202Eevil\u200F',
      'line\r\nbreak',
      'bell\u0007 esc\u001b[31m',
      'c1\u0085',
    ];
    const answers = await Promise.all(
      texts.flatMap((text, i) =>
        servers.map((server) =>
          pluginCall(t, server.token, 'heartbeat', {
            maxPlayers: 10,
            hostname: text,
            players: [{ steamId: steamIdOf(3000 + i), name: text }],
          }),
        ),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(texts.flatMap(() => [200, 200]));
    const knex = (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex }).getKnex();
    const names = (await knex('players')
      .whereIn(
        'steam_id',
        texts.map((_, i) => steamIdOf(3000 + i)),
      )
      .select('display_name')) as { display_name: string }[];
    expect(names.map((row) => row.display_name).sort()).toEqual([...texts].sort());
  });
});
