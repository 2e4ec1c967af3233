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

/** How long a request waits for a pooled connection before the database counts as unavailable. */
const ACQUIRE_TIMEOUT_MS = 5_000;

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
  `pragma busy_timeout = ${ACQUIRE_TIMEOUT_MS}`,
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
        pool: { min: 0, max: 10, acquireTimeoutMillis: ACQUIRE_TIMEOUT_MS },
        driverOptions: { connection: { connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS } },
      };
};
