import type { EntityClass, MigrationObject, Options } from '@mikro-orm/core';
import { LibSqlDriver } from '@mikro-orm/libsql';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { DatabaseConfig } from '../config';

/** What the ORM is told about the schema: the entity list and the migration list. */
export type OrmModel = {
  readonly entities: readonly EntityClass<object>[];
  readonly migrations: readonly MigrationObject[];
};

export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/**
 * A database that stops answering (packets dropped, not refused) must cost a request under two
 * seconds, then a 503: a new connection gets 1 s to open, a request 0.6 s to get one from the pool
 * (opening it included), and a statement 1.4 s to answer (only once the schema is migrated: see
 * QueryDeadline); a wait for the pool and a statement after it stay within 2 s together.
 */
export const DATABASE_TIMEOUTS = { connectMs: 1_000, acquireMs: 600, queryMs: 1_400 } as const;
/** SQLite: how long a writer waits for another process holding the file (the operator CLI). */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * Whether statements are held to DATABASE_TIMEOUTS.queryMs. Off while migrations run (building an
 * index on a large table takes longer, and must); the app arms it once the schema is current.
 */
export class QueryDeadline {
  armed = false;
}

type PgQueryConfig = { text: string; query_timeout?: number };
type PgCallback = (error: Error | null, result: unknown) => void;
type PgConnection = {
  query(config: PgQueryConfig, callback?: PgCallback): unknown;
  connection?: { stream?: { destroy(error?: Error): void } };
};

const timedOut = (error: unknown): boolean =>
  error instanceof Error && error.message === 'Query read timeout';

const pgPool = (deadline: QueryDeadline) => ({
  min: 0,
  max: 10,
  acquireTimeoutMillis: DATABASE_TIMEOUTS.acquireMs,
  afterCreate(connection: PgConnection, done: (error: Error | null, connection: PgConnection) => void) {
    const query = connection.query.bind(connection);
    const drop = () => connection.connection?.stream?.destroy();
    // Both of pg's forms: a callback (the ORM, through knex) and a promise (prepared statements).
    connection.query = (config, callback) => {
      if (!deadline.armed || typeof config !== 'object') return query(config, callback);
      const limited = { ...config, query_timeout: DATABASE_TIMEOUTS.queryMs };
      if (typeof callback === 'function')
        return query(limited, (error, result) => {
          if (timedOut(error)) drop();
          callback(error, result);
        });
      return (query(limited) as Promise<unknown>).catch((error: unknown) => {
        if (timedOut(error)) drop();
        throw error;
      });
    };
    done(null, connection);
  },
});

/**
 * How the panel runs SQLite: a write-ahead log, so readers never wait for the writer and a commit
 * is an append; `synchronous = normal`, the pairing SQLite recommends with WAL (no fsync per
 * commit; the database cannot be corrupted, a power cut may lose the last commits); foreign keys
 * enforced; another process holding the file (the operator CLI) is waited for, not an error.
 */
export const SQLITE_PRAGMAS = [
  'pragma journal_mode = wal',
  'pragma synchronous = normal',
  'pragma foreign_keys = on',
  `pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
] as const;

type SqliteHandle = { exec(sql: string): unknown };

const sqlitePool = {
  afterCreate(connection: SqliteHandle, done: (error: Error | null, connection: SqliteHandle) => void) {
    try {
      for (const pragma of SQLITE_PRAGMAS) connection.exec(pragma);
      done(null, connection);
    } catch (error) {
      done(error as Error, connection);
    }
  },
};

/** MikroORM options for the configured database; the driver follows DATABASE_URL. */
export const ormOptions = (
  database: DatabaseConfig,
  model: OrmModel,
  log: (message: string) => void = () => undefined,
  deadline: QueryDeadline = new QueryDeadline(),
): Options => {
  const common = {
    entities: [...model.entities],
    extensions: [Migrator],
    migrations: {
      migrationsList: [...model.migrations],
      tableName: MIGRATIONS_TABLE,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    // Explicit lists only: no folder scanning or ts-morph, the same code runs from src and dist.
    discovery: { requireEntitiesArray: true, disableDynamicFileAccess: true },
    // The database must exist (an operator creates it); we never connect to a management database.
    ensureDatabase: false,
    forceUtcTimezone: true,
    debug: false,
    logger: log,
  } satisfies Options;

  return database.kind === 'sqlite'
    ? { ...common, driver: LibSqlDriver, dbName: database.file, pool: sqlitePool }
    : {
        ...common,
        driver: PostgreSqlDriver,
        clientUrl: database.url,
        pool: pgPool(deadline),
        driverOptions: { connection: { connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs } },
      };
};
