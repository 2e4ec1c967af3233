import type { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlConnection, Knex } from '@mikro-orm/knex';

/** Both supported drivers (libsql, postgresql) are knex-based SQL drivers: this is their knex. */
export const knexOf = (orm: MikroORM): Knex => (orm.em.getConnection() as AbstractSqlConnection).getKnex();
