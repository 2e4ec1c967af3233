import { DeadlockException, UniqueConstraintViolationException } from '@mikro-orm/core';

/**
 * PostgreSQL's codes for the same races (a deadlock, a unique key), as a plain knex statement in
 * the transaction throws them: the ORM converts only the errors of its own statements.
 */
const LOST_RACE_CODES = new Set(['40P01', '23505']);

const lostRace = (error: unknown): boolean =>
  error instanceof DeadlockException ||
  error instanceof UniqueConstraintViolationException ||
  LOST_RACE_CODES.has(String((error as { code?: unknown } | null)?.code));

/**
 * Runs a transaction again when it lost a race it can win on a second try: a deadlock (PostgreSQL
 * picked it as the victim) or a unique key another transaction took first (its next read sees that
 * row). Writes keyed by a natural key are upserts already; this covers what remains.
 */
export const retryOnConflict = async <T>(work: () => Promise<T>, attempts = 3): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!lostRace(error) || attempt >= attempts) throw error;
    }
  }
};
