import type { MikroORM } from '@mikro-orm/core';
import { Utils, type AbstractSqlConnection } from '@mikro-orm/knex';

type Execute = AbstractSqlConnection['execute'];
type Internals = {
  ensureConnection(): Promise<void>;
  config: { get(key: 'onQuery'): (sql: string, params: readonly unknown[]) => string };
  getSql(query: string, formatted: string, context?: unknown): string;
  executeQuery<T>(sql: string, run: () => Promise<T>, context?: unknown): Promise<T>;
  transformRawResult<T>(result: unknown, method: string): T;
  getKnex(): { raw(sql: string, bindings: readonly unknown[]): KnexRaw };
};
const isBindable = (value: unknown): boolean =>
  value === null ||
  ['string', 'number', 'bigint', 'boolean'].includes(typeof value) ||
  value instanceof Date ||
  value instanceof Uint8Array;

type KnexRaw = PromiseLike<unknown> & { transacting(trx: unknown): void };

/**
 * MikroORM 6 writes every value into the statement's text (escaped) before sending it, so the
 * database parses a new text each time and a value is only as safe as its escaping; a NUL in a
 * value even breaks SQLite's tokenizer. This makes the ORM's connection send the statement with
 * its `?` placeholders and the values as bound parameters, as the drivers take them (knex binds
 * them: PostgreSQL's $n, SQLite's ?). Same statements, same results; the values never become SQL.
 */
export const bindOrmParameters = (orm: MikroORM): void => {
  const connection = orm.em.getDriver().getConnection('write') as unknown as Internals & { execute: Execute };
  const inline = connection.execute.bind(connection);
  const execute: Execute = async function (
    this: Internals,
    queryOrKnex,
    params = [],
    method = 'all',
    ctx,
    loggerContext,
  ) {
    await this.ensureConnection();
    let sql = queryOrKnex as string;
    let bindings = params as unknown[];
    if (Utils.isObject(queryOrKnex)) {
      const knexQuery = queryOrKnex as unknown as {
        client: { transacting?: unknown };
        toSQL(): { sql: string; bindings?: unknown[] };
      };
      ctx ??= knexQuery.client.transacting ? (queryOrKnex as never) : undefined;
      const compiled = knexQuery.toSQL();
      sql = compiled.sql;
      bindings = compiled.bindings ?? [];
    }
    // A fragment of SQL among the values (`raw('total_kills + 2')` in an update) is SQL, not a
    // value: such a statement is left to the ORM, which writes the fragment into its text.
    if (!bindings.every(isBindable)) return inline(queryOrKnex, params, method, ctx, loggerContext);
    sql = this.config.get('onQuery')(sql, bindings);
    return this.executeQuery(
      this.getSql(sql, sql, loggerContext),
      async () => {
        const query = this.getKnex().raw(sql, bindings);
        if (ctx) query.transacting(ctx);
        return this.transformRawResult(await query, method);
      },
      { query: sql, params: bindings, ...(loggerContext as object) },
    ) as never;
  };
  connection.execute = execute.bind(connection) as Execute;
};
