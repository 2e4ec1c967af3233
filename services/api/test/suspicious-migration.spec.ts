// The suspicious-activity migration on a database that already has kills: each player's kills,
// deaths and headshots per server are counted from the stored kill events, so a server's score
// is right from the upgrade on, and later kills add to them.
import { MikroORM } from '@mikro-orm/core';
import { loadConfig } from '../src/core/config';
import { knexOf, ormOptions } from '../src/core/database';
import { ENTITIES } from '../src/entities';
import { MIGRATIONS } from '../src/migrations';
import { createTestApp, createTestDatabase, testEnv } from './support';

const A = '76561198000000001';
const B = '76561198000000002';

describe('the suspicious-activity migration', () => {
  it("counts the kills already stored into each server's tallies", async () => {
    const database = await createTestDatabase();
    const old = await MikroORM.init(
      ormOptions(loadConfig(testEnv(database)).database, { entities: ENTITIES, migrations: MIGRATIONS }),
    );
    const at = new Date('2026-01-02T03:04:05.000Z');
    try {
      await old.migrator.up({ to: '20261130120000-alerts' });
      const knex = knexOf(old);
      await knex('networks').insert({
        id: 'n1',
        name: 'n1',
        gradient_from: '#000000',
        gradient_to: '#ffffff',
        gradient_direction: 'to-r',
        owner_id: 'someone',
        created_at: at,
        updated_at: at,
      });
      for (const id of ['s1', 's2'])
        await knex('servers').insert({
          id,
          network_id: 'n1',
          name: id,
          token_id: `t-${id}`,
          token_hash: 'x'.repeat(64),
          created_at: at,
          updated_at: at,
        });
      const kill = (id: string, server: string, killer: string, victim: string, headshot: boolean) => ({
        id,
        network_id: 'n1',
        server_id: server,
        event_id: id,
        type: 'kill',
        steam_id: killer,
        target_steam_id: victim,
        payload: JSON.stringify({ weapon: 'rifle.ak', headshot }),
        at,
        received_at: at,
      });
      await knex('server_events').insert([
        kill('k1', 's1', A, B, true),
        kill('k2', 's1', A, B, false),
        kill('k3', 's1', B, A, true),
        kill('k4', 's2', A, B, true),
        { ...kill('c1', 's1', A, B, false), type: 'chat', payload: '{"message":"\\"headshot\\":true"}' },
      ]);
    } finally {
      await old.close();
    }

    const t = await createTestApp({ database });
    try {
      const rows = (await knexOf(t.orm)('suspicious_tallies')
        .select('server_id', 'steam_id', 'kills', 'deaths', 'headshots')
        .orderBy(['server_id', 'steam_id'])) as Record<string, unknown>[];
      expect(rows.map((row) => Object.values(row).map(String))).toEqual([
        ['s1', A, '2', '1', '1'],
        ['s1', B, '1', '2', '1'],
        ['s2', A, '1', '0', '1'],
        ['s2', B, '0', '1', '0'],
      ]);
    } finally {
      await t.close();
    }
  });
});
