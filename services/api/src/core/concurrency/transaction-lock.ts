import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { sqlEm } from '../database/sql';

/**
 * Holds the lock named `name` until the transaction `em` runs ends: a transaction asking for the
 * same name, from this panel process or another, waits here until then. PostgreSQL's
 * transaction-level advisory lock, on a 64-bit hash of the name (two names sharing one only makes
 * one wait for the other); it locks no row, so it adds no lock-order to the rows the transaction
 * writes. SQLite takes one writer at a time anyway: nothing to do there.
 */
export const lockUntilCommit = async (em: EntityManager, name: string): Promise<void> => {
  const sql = sqlEm(em);
  const transaction = sql.getTransactionContext<Knex.Transaction>();
  if (!transaction) throw new Error(`lockUntilCommit(${name}) outside a transaction`);
  if ((sql.getKnex().client as { dialect: string }).dialect !== 'postgresql') return;
  const key = createHash('sha256').update(name).digest().readBigInt64BE(0);
  await transaction.raw('select pg_advisory_xact_lock(cast(? as bigint))', [key.toString()]);
};
