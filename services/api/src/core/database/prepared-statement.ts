import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { createHash } from 'node:crypto';
import { sqlEm } from './sql';

type LibSqlStatement = { all(params: unknown[]): unknown[] };
type LibSqlConnection = { prepare(sql: string): LibSqlStatement };
type PgConnection = {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
};
type KnexClient = {
  dialect: string;
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
};

/** SQLite statements already prepared, per connection (the pool renews connections now and then). */
const libSqlStatements = new WeakMap<object, Map<string, LibSqlStatement>>();

/**
 * One of the few statements every plugin request runs, prepared once per pooled connection and
 * then only executed: the ORM's `execute` writes the values into the SQL text, so the database
 * parses and plans the same statement anew on every call. Written with `?` placeholders; values
 * as the database stores them (dates through the platform's `processDateProperty`). Inside a
 * transaction it runs on the transaction's connection, unprepared (SQLite has but the one).
 */
export class PreparedStatement<Row> {
  private readonly name: string;
  private readonly pgText: string;

  constructor(private readonly sql: string) {
    this.name = `outpost_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    let index = 0;
    this.pgText = sql.replace(/\?/g, () => `$${++index}`);
  }

  async rows(em: EntityManager, values: unknown[]): Promise<Row[]> {
    const transaction = sqlEm(em).getTransactionContext<Knex.Transaction>();
    if (transaction) {
      const result = (await transaction.raw(this.sql, values as Knex.RawBinding[])) as
        Row[] | { rows: Row[] };
      return Array.isArray(result) ? result : result.rows;
    }
    const client = sqlEm(em).getKnex().client as unknown as KnexClient;
    const connection = await client.acquireConnection();
    try {
      if (client.dialect === 'postgresql')
        return (await (connection as PgConnection).query({ name: this.name, text: this.pgText, values }))
          .rows as Row[];
      const sqlite = connection as LibSqlConnection;
      let prepared = libSqlStatements.get(sqlite);
      if (!prepared) libSqlStatements.set(sqlite, (prepared = new Map()));
      let statement = prepared.get(this.sql);
      if (!statement) prepared.set(this.sql, (statement = sqlite.prepare(this.sql)));
      return statement.all(values) as Row[];
    } finally {
      await client.releaseConnection(connection);
    }
  }
}
