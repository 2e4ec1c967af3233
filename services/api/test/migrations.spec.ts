import { MikroORM } from '@mikro-orm/core';
import { LOG_TYPES } from '@outpost/contracts';
import { loadConfig } from '../src/core/config';
import { knexOf, ormOptions, runMigrations } from '../src/core/database';
import { ENTITIES } from '../src/entities';
import { MIGRATIONS } from '../src/migrations';
import { CommandRecord } from '../src/modules/commands/command.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, createTestDatabase, testEnv, type TestApp } from './support';

const columnsOf = async (orm: MikroORM, table: string, columns: string[]) => {
  const knex = knexOf(orm);
  // One builder per question: a knex schema builder accumulates its calls.
  const present = await Promise.all(columns.map((column) => knex.schema.hasColumn(table, column)));
  return Object.fromEntries(columns.map((column, i) => [column, present[i]]));
};

const USER_COLUMNS = [
  'id',
  'email',
  'name',
  'username',
  'avatar',
  'email_verified',
  'plan',
  'created_at',
  'updated_at',
  'last_seen_at',
];

/** A networks row as the first schemas had it. */
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

/** A servers row as the first schemas had it. */
const oldServer = (id: string, networkId: string, at: Date) => ({
  id,
  network_id: networkId,
  name: 'Old server',
  token_id: `tok-${id}`,
  token_hash: 'hash',
  created_at: at,
  updated_at: at,
});

/** A fresh test database and an ORM on it that applies no migration by itself. */
const oldDatabase = async () => {
  const database = await createTestDatabase();
  const config = loadConfig(testEnv(database));
  const old = await MikroORM.init(
    ormOptions(config.database, { entities: ENTITIES, migrations: MIGRATIONS }),
  );
  return { database, old };
};

describe('database migrations', () => {
  describe('an empty database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('runs SQLite with a write-ahead log and no fsync per commit', async () => {
      if (t.database.kind !== 'sqlite') return;
      const knex = knexOf(t.orm);
      const pragma = async (name: string) =>
        Object.values(((await knex.raw(`pragma ${name}`)) as object[])[0])[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(1);
      expect(await pragma('foreign_keys')).toBe(1);
    });

    it('declares every date column as Date, so an unchanged one is never written back', () => {
      const dates = Object.values(t.orm.getMetadata().getAll()).flatMap((meta) =>
        meta.props
          .filter((prop) => prop.runtimeType === 'Date')
          .map((prop) => `${meta.className}.${prop.name}:${prop.type}`),
      );
      expect(dates.length).toBeGreaterThan(10);
      expect(dates.filter((entry) => !entry.endsWith(':Date'))).toEqual([]);
    });

    it('runs on the database DATABASE_URL picks', () => {
      const driver = t.orm.config.get('driver')?.name;
      expect(driver).toBe(t.database.kind === 'postgresql' ? 'PostgreSqlDriver' : 'LibSqlDriver');
    });

    it('gets every migration at start-up', async () => {
      const executed = await t.orm.migrator.getExecutedMigrations();
      expect(executed.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
      expect(await t.orm.migrator.getPendingMigrations()).toEqual([]);
    });

    it('has the full schema', async () => {
      expect(await columnsOf(t.orm, 'app_meta', ['key', 'value'])).toEqual({ key: true, value: true });
      expect(await columnsOf(t.orm, 'users', USER_COLUMNS)).toEqual(
        Object.fromEntries(USER_COLUMNS.map((column) => [column, true])),
      );
    });

    it('stores and reads users through the entity, defaults and uniqueness included', async () => {
      const em = t.orm.em.fork();
      em.create(User, { id: 'u1', email: 'ada@example.com', name: 'Ada' });
      await em.flush();

      const read = await t.orm.em.fork().findOneOrFail(User, 'u1');
      expect(read).toMatchObject({
        email: 'ada@example.com',
        name: 'Ada',
        username: null,
        avatar: null,
        emailVerified: false,
        plan: 'free',
        lastSeenAt: null,
      });
      expect(read.createdAt).toBeInstanceOf(Date);

      const duplicate = t.orm.em.fork();
      duplicate.create(User, { id: 'u2', email: 'ada@example.com', name: 'Copy' });
      await expect(duplicate.flush()).rejects.toThrow(/unique/i);
    });
  });

  describe('instances that start together (PostgreSQL)', () => {
    const pgIt = process.env.DATABASE_URL ? it : it.skip;
    pgIt(
      'migrate one at a time: one applies every migration, the others find the schema current',
      async () => {
        const database = await createTestDatabase();
        const config = loadConfig(testEnv(database));
        const orms = await Promise.all(
          [0, 1, 2].map(() =>
            MikroORM.init(ormOptions(config.database, { entities: ENTITIES, migrations: MIGRATIONS })),
          ),
        );
        try {
          const applied = await Promise.all(orms.map((orm) => runMigrations(orm)));
          const all = MIGRATIONS.map((migration) => migration.name);
          expect(applied.map((names) => names.length).sort((a, b) => a - b)).toEqual([0, 0, all.length]);
          expect(applied.find((names) => names.length > 0)).toEqual(all);
          expect((await orms[0].migrator.getExecutedMigrations()).map((row) => row.name)).toEqual(all);
        } finally {
          await Promise.all(orms.map((orm) => orm.close(true)));
          await database.drop();
        }
      },
    );
  });

  describe('a database from before the second migration', () => {
    it('is upgraded at start-up and keeps its rows', async () => {
      const { database, old } = await oldDatabase();
      const created = new Date('2025-01-02T03:04:05.000Z');
      try {
        await old.migrator.up({ to: MIGRATIONS[0]!.name });
        expect(await columnsOf(old, 'users', ['last_seen_at'])).toEqual({ last_seen_at: false });
        // Written as the old schema had it: no last_seen_at column yet.
        await old.em.fork().insert(User, {
          id: 'old-user',
          email: 'old@example.com',
          name: 'Old Timer',
          username: 'oldtimer',
          avatar: null,
          emailVerified: true,
          plan: 'premium',
          createdAt: created,
          updatedAt: created,
        });
      } finally {
        await old.close();
      }

      const t = await createTestApp({ database });
      try {
        expect((await t.orm.migrator.getExecutedMigrations()).map((row) => row.name)).toEqual(
          MIGRATIONS.map((migration) => migration.name),
        );
        const user = await t.orm.em.fork().findOneOrFail(User, 'old-user');
        expect(user).toMatchObject({
          email: 'old@example.com',
          name: 'Old Timer',
          username: 'oldtimer',
          emailVerified: true,
          plan: 'premium',
          createdAt: created,
          lastSeenAt: null,
        });
      } finally {
        await t.close();
      }
    });
  });

  describe('a database from before the commands module', () => {
    it('keeps its commands, with no sender, and lists them as before', async () => {
      const { database, old } = await oldDatabase();
      const at = new Date('2026-01-02T03:04:05.000Z');
      try {
        await old.migrator.up({ to: '20261124100000-players-name-prefix' });
        const knex = knexOf(old);
        await knex('networks').insert(oldNetwork('net', at));
        await knex('servers').insert(oldServer('srv', 'net', at));
        await knex('plugin_commands').insert({
          id: 'old-kick',
          network_id: 'net',
          server_id: 'srv',
          type: 'kick',
          payload: JSON.stringify({ steamId: '76561198000000001', reason: 'Old' }),
          status: 'delivered',
          created_at: at,
        });
      } finally {
        await old.close();
      }

      const t = await createTestApp({ database });
      try {
        const command = await t.orm.em.fork().findOneOrFail(CommandRecord, 'old-kick');
        expect(command).toMatchObject({
          type: 'kick',
          status: 'delivered',
          payload: { steamId: '76561198000000001', reason: 'Old' },
          issuedById: null,
          issuedByName: null,
          createdAt: at,
        });
        expect(await columnsOf(t.orm, 'plugin_commands', ['issued_by_id', 'issued_by_name'])).toEqual({
          issued_by_id: true,
          issued_by_name: true,
        });
      } finally {
        await t.close();
      }
    });
  });

  describe('a database from before the network player count', () => {
    it('counts the players each network already has', async () => {
      const { database, old } = await oldDatabase();
      const at = new Date('2026-01-02T03:04:05.000Z');
      try {
        await old.migrator.up({ to: '20261123140000-open-sessions' });
        const knex = knexOf(old);
        await knex('networks').insert([oldNetwork('crowded', at), oldNetwork('empty', at)]);
        await knex('players').insert(
          [1, 2, 3].map((n) => ({
            id: `player-${n}`,
            network_id: 'crowded',
            steam_id: `7656119800000000${n}`,
            display_name: `Old ${n}`,
            first_joined: at,
            last_seen: at,
            groups: '[]',
          })),
        );
      } finally {
        await old.close();
      }

      const t = await createTestApp({ database });
      try {
        const counts = await knexOf(t.orm)('networks').select('id', 'player_count').orderBy('id');
        expect(
          counts.map((row: { id: string; player_count: number }) => [row.id, Number(row.player_count)]),
        ).toEqual([
          ['crowded', 3],
          ['empty', 0],
        ]);
      } finally {
        await t.close();
      }
    });
  });

  describe('a database from before the logs search', () => {
    it('fills search_text of the events it has, with the names the network knows, and indexes the timeline', async () => {
      const { database, old } = await oldDatabase();
      // Within the retention: the purge at start keeps them.
      const at = new Date(Date.now() - 60_000);
      const event = (id: string, fields: Record<string, unknown>, payload: Record<string, unknown>) => ({
        id,
        network_id: 'net',
        server_id: 'srv',
        event_id: id,
        steam_id: null,
        target_steam_id: null,
        payload: JSON.stringify(payload),
        at,
        received_at: at,
        ...fields,
      });
      try {
        await old.migrator.up({ to: '20261125130000-open-session-unique' });
        const knex = knexOf(old);
        await knex('networks').insert(oldNetwork('net', at));
        await knex('servers').insert(oldServer('srv', 'net', at));
        await knex('players').insert({
          id: 'ada',
          network_id: 'net',
          steam_id: '76561198000000001',
          display_name: 'Ada',
          first_joined: at,
          last_seen: at,
          groups: '[]',
        });
        await knex('server_events').insert([
          event(
            'kill',
            { type: 'kill', steam_id: '76561198000000001', target_steam_id: '76561198000000009' },
            { killerSteamId: '76561198000000001', victimSteamId: '76561198000000009', weapon: 'Rifle.AK' },
          ),
          event(
            'chat',
            { type: 'chat', steam_id: '76561198000000002' },
            { steamId: '76561198000000002', name: 'Bob', message: 'Hello THERE' },
          ),
          event('line', { type: 'console' }, { level: 'info', message: 'Saved 41,201 ents' }),
        ]);
      } finally {
        await old.close();
      }

      const t = await createTestApp({ database });
      try {
        const knex = knexOf(t.orm);
        const rows = (await knex('server_events').select('id', 'search_text').orderBy('id')) as {
          id: string;
          search_text: string;
        }[];
        const parts = Object.fromEntries(rows.map((row) => [row.id, row.search_text.split('\n').sort()]));
        expect(parts).toEqual({
          chat: ['76561198000000002', 'bob', 'hello there'],
          kill: ['76561198000000001', '76561198000000009', 'ada', 'rifle.ak'],
          line: ['saved 41,201 ents'],
        });
        const indexes =
          t.database.kind === 'postgresql'
            ? ((await knex('pg_indexes').where('tablename', 'server_events').pluck('indexname')) as string[])
            : (
                (await knex.raw("select name from pragma_index_list('server_events')")) as { name: string }[]
              ).map((row) => row.name);
        expect(indexes).toEqual(
          expect.arrayContaining([
            'server_events_server_at_id_index',
            'server_events_network_at_id_index',
            'server_events_network_type_at_id_index',
            ...(t.database.kind === 'postgresql'
              ? LOG_TYPES.map((type) => `server_events_search_${type}`)
              : []),
          ]),
        );
      } finally {
        await t.close();
      }
    });
  });
});
