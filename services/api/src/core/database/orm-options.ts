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
 * A database that answers is not away: while it answers other statements, a request waiting for
 * the pool or for a lock (another write of the same rows) waits its turn, up to waitMs in all.
 */
export const DATABASE_TIMEOUTS = { connectMs: 1_000, acquireMs: 600, queryMs: 1_400, waitMs: 8_000 } as const;
/** SQLite: how long a writer waits for another process holding the file (the operator CLI). */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * Whether statements are held to DATABASE_TIMEOUTS.queryMs. Off while migrations run (building an
 * index on a large table takes longer, and must); the app arms it once the schema is current.
 */
export class QueryDeadline {
  armed = false;
  /** When the database last answered a statement (a result or an error of its own). */
  answeredAt = 0;

  /** Asks the database on a connection of its own whether it answers (see waitWhileAnswering). */
  probe: (() => Promise<boolean>) | null = null;
  private probing: Promise<boolean> | null = null;

  /** Whether the database answered a statement after `since` (ms): it is there, only busy. */
  answeredSince(since: number): boolean {
    return this.answeredAt > since;
  }

  /** Whether the database answers: it answered a statement after `since`, or answers a probe now. */
  async answers(since: number): Promise<boolean> {
    if (this.answeredSince(since)) return true;
    if (!this.probe) return false;
    this.probing ??= this.probe()
      .catch(() => false)
      .finally(() => (this.probing = null));
    const answered = await this.probing;
    if (answered) this.answeredAt = Math.max(this.answeredAt, Date.now());
    return answered;
  }
}

type PgQueryConfig = { text: string; query_timeout?: number };
type PgCallback = (error: Error | null, result: unknown) => void;
type PgConnection = {
  query(config: PgQueryConfig, callback?: PgCallback): unknown;
  connection?: { stream?: { destroy(error?: Error): void } };
};

/** An error the database sent (it answered), as opposed to one of the connection. */
const answered = (error: Error | null): boolean =>
  error === null || (error as { severity?: unknown }).severity !== undefined;

/**
 * A statement gets queryMs to answer. When it has not, but the database answered others
 * meanwhile (or answers a probe now), it is waiting its turn (a lock another transaction holds):
 * it gets another queryMs, up to waitMs in all. Past that, or when the database does not answer
 * (it stalls), its connection is dropped: the statement fails (a 503) and the pool opens a fresh
 * connection.
 */
const watchStatement = (deadline: QueryDeadline, drop: () => void): (() => void) => {
  const started = Date.now();
  let looked = started;
  let timer: NodeJS.Timeout | undefined;
  let over = false;
  const look = async () => {
    const since = looked;
    looked = Date.now();
    const more = Date.now() - started + DATABASE_TIMEOUTS.queryMs <= DATABASE_TIMEOUTS.waitMs;
    const answering = more && (await deadline.answers(since));
    if (over) return;
    if (answering) timer = setTimeout(() => void look(), DATABASE_TIMEOUTS.queryMs);
    else drop();
  };
  timer = setTimeout(() => void look(), DATABASE_TIMEOUTS.queryMs);
  return () => {
    over = true;
    clearTimeout(timer);
  };
};

const pgPool = (deadline: QueryDeadline) => ({
  min: 0,
  max: 10,
  acquireTimeoutMillis: DATABASE_TIMEOUTS.acquireMs,
  afterCreate(connection: PgConnection, done: (error: Error | null, connection: PgConnection) => void) {
    const query = connection.query.bind(connection);
    const drop = () => connection.connection?.stream?.destroy(new Error('Query read timeout'));
    const settled = (stop: () => void, error: Error | null) => {
      stop();
      if (answered(error)) deadline.answeredAt = Date.now();
    };
    // Both of pg's forms: a callback (the ORM, through knex) and a promise (prepared statements).
    connection.query = (config, callback) => {
      if (!deadline.armed || typeof config !== 'object') return query(config, callback);
      const stop = watchStatement(deadline, drop);
      if (typeof callback === 'function')
        return query(config, (error, result) => {
          settled(stop, error);
          callback(error, result);
        });
      return (query(config) as Promise<unknown>).then(
        (result) => {
          settled(stop, null);
          return result;
        },
        (error: Error) => {
          settled(stop, error);
          throw error;
        },
      );
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
