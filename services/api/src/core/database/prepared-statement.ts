import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { createHash } from 'node:crypto';
import { dialectOf, sqlEm } from './sql';

type LibSqlStatement = { all(params: unknown[]): unknown[] };
type LibSqlConnection = { prepare(sql: string): LibSqlStatement };
type PgConnection = {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
};
type KnexClient = {
  dialect: string;
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
};

/**
 * A date as a row of either database gives it: epoch milliseconds (SQLite), or a Date or the
 * timestamp's text (PostgreSQL: the ORM's connections read timestamps as text).
 */
export type StoredDate = Date | number | string;

/** SQLite statements already prepared, per connection (the pool renews connections now and then). */
const libSqlStatements = new WeakMap<object, Map<string, LibSqlStatement>>();

/** Values as knex would bind them on SQLite: libsql takes neither Date nor boolean. */
const sqliteValue = (value: unknown): unknown =>
  value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value;

/**
 * A statement that runs on nearly every request (the plugin token, the steady heartbeats, the
 * session behind a bearer token), prepared once per pooled connection and
 * then only executed: the ORM's `execute` writes the values into the SQL text, so the database
 * parses and plans the same statement anew on every call. For statements that return rows.
 *
 * Written with `?` placeholders, rewritten to `$1`, `$2` ... for PostgreSQL without parsing the SQL:
 * no `?` may appear in a literal or as an operator. PostgreSQL keeps it as a named statement per
 * connection (behind PgBouncer in transaction mode that needs `max_prepared_statements`, 1.21+).
 * Inside a transaction it runs on the transaction's connection, prepared there the same way (SQLite
 * has but the one). Errors are the driver's exceptions, as from the ORM (a database that is down is
 * a 503). `postgresql` is the statement as PostgreSQL runs it, when that differs (same values, in
 * order).
 */
export class PreparedStatement<Row> {
  private readonly name: string;
  /** PostgreSQL's text, its placeholders numbered. */
  private readonly pgText: string;

  constructor(
    private readonly sql: string,
    options: { postgresql?: string } = {},
  ) {
    const pgSql = options.postgresql ?? sql;
    this.name = `outpost_${createHash('sha1').update(pgSql).digest('hex').slice(0, 16)}`;
    let index = 0;
    this.pgText = pgSql.replace(/\?/g, () => `$${++index}`);
  }

  rows(em: EntityManager, values: unknown[]): Promise<Row[]> {
    return onDriver(em, async (client, connection) => {
      if (client.dialect === 'postgresql')
        return (await (connection as PgConnection).query({ name: this.name, text: this.pgText, values }))
          .rows as Row[];
      const sqlite = connection as LibSqlConnection;
      let prepared = libSqlStatements.get(sqlite);
      if (!prepared) libSqlStatements.set(sqlite, (prepared = new Map()));
      let statement = prepared.get(this.sql);
      if (!statement) prepared.set(this.sql, (statement = sqlite.prepare(this.sql)));
      return statement.all(values.map(sqliteValue)) as Row[];
    });
  }
}

/**
 * `run` on a pooled connection of the driver: the transaction's when `em` runs one (its client
 * hands out the transaction's connection, and keeps it on release). Errors are the driver's
 * exceptions, as from the ORM (a database that is down is a 503).
 */
const onDriver = async <T>(
  em: EntityManager,
  run: (client: KnexClient, connection: unknown) => Promise<T>,
): Promise<T> => {
  const transaction = sqlEm(em).getTransactionContext<Knex.Transaction>();
  const client = (transaction ?? sqlEm(em).getKnex()).client as unknown as KnexClient;
  try {
    const connection = await client.acquireConnection();
    try {
      return await run(client, connection);
    } finally {
      await client.releaseConnection(connection);
    }
  } catch (error) {
    throw error instanceof Error ? em.getDriver().convertException(error) : error;
  }
};

/**
 * The rows of a statement whose text varies with its request (a page of the players list: its
 * sort, its search, its ids), sent as the ORM's `execute` sends it (the same text, the values
 * bound, planned anew each time) but on PostgreSQL straight to the driver: the ORM's path through
 * knex's runner, its query log and its result mapping cost more CPU than the driver's own
 * (bench/players-query). Written with `?` placeholders, as for PreparedStatement. SQLite's go
 * through the ORM.
 */
export const boundRows = async <Row>(em: EntityManager, sql: string, values: unknown[]): Promise<Row[]> => {
  if (dialectOf(em) !== 'postgresql') return sqlEm(em).execute<Row[]>(sql, values);
  let index = 0;
  const text = sql.replace(/\?/g, () => `$${++index}`);
  return onDriver(em, async (_client, connection) => {
    const result = await (connection as PgConnection).query({ text, values });
    return result.rows as Row[];
  });
};
