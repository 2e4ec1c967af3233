import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Knex, EntityManager as SqlEntityManager } from '@mikro-orm/knex';

/**
 * PostgreSQL advisory locks by name, on a 64-bit hash of it (two names sharing one only makes one
 * wait for the other). They lock no row, so they add no lock-order to the rows a transaction
 * writes. SQLite takes one writer at a time anyway, and its file belongs to one instance: nothing
 * to do there.
 */
const keyOf = (name: string): string =>
  createHash('sha256').update(name).digest().readBigInt64BE(0).toString();

const isPostgres = (knex: Knex): boolean => (knex.client as { dialect: string }).dialect === 'postgresql';

/**
 * Holds the lock named `name` until the transaction `em` runs ends: a transaction asking for the
 * same name, from this panel process or another, waits here until then.
 */
export const lockUntilCommit = async (em: EntityManager, name: string): Promise<void> => {
  // Both drivers are knex-based (core/database's sqlEm says so too). Not calling sqlEm keeps this
  // area free of core/database at run time: core/database takes its migrations' turns from here.
  const sql = em as unknown as SqlEntityManager;
  const transaction = sql.getTransactionContext<Knex.Transaction>();
  if (!transaction) throw new Error(`lockUntilCommit(${name}) outside a transaction`);
  if (!isPostgres(sql.getKnex())) return;
  await transaction.raw('select pg_advisory_xact_lock(cast(? as bigint))', [keyOf(name)]);
};

/** The part of knex's client and of a node-postgres connection `whileHolding` uses. */
type PgSession = { query(text: string, values: readonly unknown[]): Promise<unknown> };
type PoolClient = {
  acquireConnection(): Promise<PgSession>;
  releaseConnection(connection: PgSession): Promise<unknown>;
};

/**
 * Runs `run` holding the lock named `name` on a session of `knex`'s pool, for work made of several
 * transactions of its own (the migrations): another process asking for it waits until `run` ends.
 * A session's lock, so a process that dies half-way frees it.
 */
export const whileHolding = async <T>(knex: Knex, name: string, run: () => Promise<T>): Promise<T> => {
  if (!isPostgres(knex)) return run();
  const client = knex.client as unknown as PoolClient;
  const key = keyOf(name);
  const session = await client.acquireConnection();
  try {
    await session.query('select pg_advisory_lock(cast($1 as bigint))', [key]);
    try {
      return await run();
    } finally {
      await session.query('select pg_advisory_unlock(cast($1 as bigint))', [key]);
    }
  } finally {
    await client.releaseConnection(session);
  }
};
