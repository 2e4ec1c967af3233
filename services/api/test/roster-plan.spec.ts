// A full heartbeat reads its reported players by (network, steamId), one index lookup each, on
// PostgreSQL whatever the tables' statistics say. A new panel's players arrive by the thousand
// before the first ANALYZE; a plan that walked every player of the network, comparing each with
// the whole reported list, made every first report slower than the one before. SQLite plans the
// statement by its indexes alone: PostgreSQL only.
import { knex as connect } from '@mikro-orm/postgresql';
import { PlayerPunishments } from '../src/modules/players';
import { rosterStatement } from '../src/modules/players/presence/roster';
import { createNetwork } from './support/crew';
import { addServer, heartbeat, steamIdOf, type FakePlayer } from './support/plugin';
import { createTestApp, signIn, type TestApp } from './support';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
};

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const playersFrom = (first: number, count: number): FakePlayer[] =>
  Array.from({ length: count }, (_, n) => ({ steamId: steamIdOf(first + n), name: `Player ${first + n}` }));

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('the roster statement on PostgreSQL', () => {
  let t: TestApp;
  let serverId: string;
  let networkId: string;
  let knex: ReturnType<typeof connect>;
  const reported = playersFrom(0, 100);

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signIn(t);
    networkId = (await createNetwork(owner, 'Plan Network')).id;
    const main = await addServer(owner, networkId, 'Main');
    const other = await addServer(owner, networkId, 'Other');
    serverId = main.id;
    // The network holds more players than a roster reports: 100 here, 400 on the other server.
    await heartbeat(t, main.token, reported);
    await heartbeat(t, other.token, playersFrom(1000, 400));
    // Thousands more players of the network, copies of the other server's gone offline: a network
    // of a new panel's first hour (20,400 players), none of them analysed yet. On a connection of
    // the test's own, without the panel's statement deadline.
    knex = connect({ client: 'pg', connection: t.database.env.DATABASE_URL, pool: { min: 0, max: 1 } });
    const columns = (
      (await knex.raw(`select column_name from information_schema.columns where table_name = 'players'`)) as {
        rows: { column_name: string }[];
      }
    ).rows.map((row) => row.column_name);
    const copied = columns.map((column) =>
      column === 'id'
        ? 'gen_random_uuid()'
        : column === 'steam_id'
          ? `p.steam_id || g`
          : column === 'current_server_id'
            ? 'null'
            : `p.${column}`,
    );
    await knex.raw(
      `insert into players (${columns.join(', ')}) select ${copied.join(', ')}
        from players p, generate_series(1, 50) g where p.current_server_id = ?`,
      [other.id],
    );
  });
  afterAll(async () => {
    await knex?.destroy();
    await t?.close();
  });

  /** The statement's plan for the main server's roster, after forgetting the players' statistics. */
  const planOf = async (cacheMode: 'force_custom_plan' | 'force_generic_plan'): Promise<PlanNode[]> => {
    const statement = rosterStatement(t.app.get(PlayerPunishments).banHeldSql());
    const text = (statement as unknown as { pgText: string }).pgText;
    const at = new Date().toISOString();
    const values = [serverId, at, serverId, JSON.stringify(reported.map((p) => p.steamId)), networkId];
    const all = [...values, serverId, at, serverId, serverId];
    return knex.transaction(async (trx) => {
      await trx.raw(`delete from pg_statistic where starelid = 'players'::regclass`);
      await trx.raw(`update pg_class set reltuples = -1 where oid = 'players'::regclass`);
      await trx.raw(`set local plan_cache_mode = ${cacheMode}`);
      await trx.raw(`prepare roster_plan as ${text}`);
      try {
        const literals = all.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
        const result = (await trx.raw(`explain (format json) execute roster_plan(${literals})`)) as {
          rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
        };
        return nodesOf(result.rows[0]['QUERY PLAN'][0].Plan);
      } finally {
        await trx.raw('deallocate roster_plan');
      }
    });
  };

  it.each(['force_custom_plan', 'force_generic_plan'] as const)(
    'looks each reported player up by (network, steamId) without statistics (%s)',
    async (mode) => {
      const nodes = await planOf(mode);
      const players = nodes.filter((node) => node['Relation Name'] === 'players');
      // The reported players by their (network, steamId) index; the server's own by its column.
      expect(players.some((node) => /steam_id/.test(node['Index Cond'] ?? ''))).toBe(true);
      // No walk of the network's players compared one by one with the reported list.
      expect(nodes.filter((node) => /ANY/i.test(node.Filter ?? ''))).toEqual([]);
    },
  );
});
