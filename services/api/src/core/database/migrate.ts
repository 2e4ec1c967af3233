import type { MikroORM } from '@mikro-orm/core';
import type { QueryDeadline } from './orm-options';
import { knexOf } from './sql';

/**
 * The migrations' advisory lock: "OUTP" and 2 (1 is the leader's). Advisory locks are per
 * database, so it is one lock per panel.
 */
const MIGRATION_LOCK_KEYS = [0x4f555450, 2] as const;

/** The part of knex's client and of a node-postgres connection this uses. */
type PgSession = { query(text: string, values: readonly unknown[]): Promise<unknown> };
type SqlClient = {
  dialect: string;
  acquireConnection(): Promise<PgSession>;
  releaseConnection(connection: PgSession): Promise<unknown>;
};

/**
 * Runs `migrate` holding the database's migration lock on PostgreSQL, where several instances
 * may start at once (a deploy restarting them all): one migrates, the others wait for it and then
 * find the schema current. The lock is a session's (pg_advisory_lock), so an instance that dies
 * half-way frees it. A SQLite file belongs to one instance.
 */
const oneAtATime = async <T>(orm: MikroORM, migrate: () => Promise<T>): Promise<T> => {
  const client = knexOf(orm).client as unknown as SqlClient;
  if (client.dialect !== 'postgresql') return migrate();
  const session = await client.acquireConnection();
  try {
    await session.query('select pg_advisory_lock($1, $2)', MIGRATION_LOCK_KEYS);
    try {
      return await migrate();
    } finally {
      await session.query('select pg_advisory_unlock($1, $2)', MIGRATION_LOCK_KEYS);
    }
  } finally {
    await client.releaseConnection(session);
  }
};

/**
 * Brings the schema up to date: an empty database gets all of it, an older one the missing steps.
 * Statements run without the per-statement deadline until then, and with it after.
 */
export const runMigrations = async (orm: MikroORM, deadline?: QueryDeadline): Promise<string[]> => {
  const applied = await oneAtATime(orm, () => orm.migrator.up());
  if (deadline) deadline.armed = true;
  return applied.map((migration) => migration.name);
};
