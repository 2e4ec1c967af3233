import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { AbstractSqlConnection, Knex, EntityManager as SqlEntityManager } from '@mikro-orm/knex';

/** Both supported drivers (libsql, postgresql) are knex-based SQL drivers: this is their knex. */
export const knexOf = (orm: MikroORM): Knex => (orm.em.getConnection() as AbstractSqlConnection).getKnex();

/** Both drivers (libsql, postgresql) are knex-based: their entity managers are SQL ones. */
export const sqlEm = (em: EntityManager): SqlEntityManager => em as unknown as SqlEntityManager;

/** Plain SQL in the transaction `em` runs (or outside any, when it runs none). */
export const knexIn = (em: EntityManager): Knex => {
  const sql = sqlEm(em);
  return sql.getTransactionContext<Knex.Transaction>() ?? sql.getKnex();
};

/** Which of the two supported databases `em` talks to. */
export const dialectOf = (em: EntityManager): 'sqlite' | 'postgresql' =>
  em.getPlatform().constructor.name.startsWith('PostgreSql') ? 'postgresql' : 'sqlite';

/** `?, ?, ?`: a placeholder for each of these values, for `in (…)` and rows of a statement's text. */
export const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');
