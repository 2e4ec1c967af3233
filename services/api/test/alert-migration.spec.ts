// The alerts migration on a database that already has networks: each gets the panel channel and
// the e-mail channel to its owner and admins, as a new network does, readable through the entity.
import { MikroORM } from '@mikro-orm/core';
import { loadConfig } from '../src/core/config';
import { knexOf, ormOptions } from '../src/core/database';
import { ENTITIES } from '../src/entities';
import { MIGRATIONS } from '../src/migrations';
import { AlertChannelRecord } from '../src/modules/alerts/entities/alert-channel.entity';
import { createTestApp, createTestDatabase, testEnv } from './support';

const oldNetwork = (id: string, at: Date) => ({
  id,
  name: id,
  gradient_from: '#000000',
  gradient_to: '#ffffff',
  gradient_direction: 'to-r',
  owner_id: 'someone',
  created_at: at,
  updated_at: at,
});

describe('the alerts migration', () => {
  it('gives every network there is a panel channel and an e-mail channel to its owner and admins', async () => {
    const database = await createTestDatabase();
    const old = await MikroORM.init(
      ormOptions(loadConfig(testEnv(database)).database, { entities: ENTITIES, migrations: MIGRATIONS }),
    );
    const at = new Date('2026-01-02T03:04:05.000Z');
    try {
      await old.migrator.up({ to: '20261130100000-metrics' });
      await knexOf(old)('networks').insert([oldNetwork('first', at), oldNetwork('second', at)]);
    } finally {
      await old.close();
    }

    const before = Date.now();
    const t = await createTestApp({ database });
    try {
      const channels = await t.orm.em
        .fork()
        .find(AlertChannelRecord, {}, { orderBy: { networkId: 'asc', createdAt: 'asc' } });
      expect(channels.map((c) => [c.networkId, c.type, c.name, c.emails, c.enabled])).toEqual([
        ['first', 'panel', 'Panel', [], true],
        ['first', 'email', 'Owner and admins', [], true],
        ['second', 'panel', 'Panel', [], true],
        ['second', 'email', 'Owner and admins', [], true],
      ]);
      for (const channel of channels) {
        expect(channel.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(Math.abs(channel.createdAt.getTime() - before)).toBeLessThan(60_000);
      }
      expect(new Set(channels.map((c) => c.id)).size).toBe(4);
      // Stored as the ORM stores a date, so they sort with the channels added later.
      const added = t.orm.em.fork();
      added.create(AlertChannelRecord, { networkId: 'first', type: 'email', name: 'Later' });
      await added.flush();
      const ordered = await t.orm.em
        .fork()
        .find(AlertChannelRecord, { networkId: 'first' }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      expect(ordered.at(-1)?.name).toBe('Later');
    } finally {
      await t.close();
    }
  });
});
