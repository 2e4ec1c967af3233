import { DeadlockException, UniqueConstraintViolationException } from '@mikro-orm/core';

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
      const lostRace =
        error instanceof DeadlockException || error instanceof UniqueConstraintViolationException;
      if (!lostRace || attempt >= attempts) throw error;
    }
  }
};
