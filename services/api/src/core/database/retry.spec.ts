import { DeadlockException } from '@mikro-orm/core';
import { retryOnConflict } from './retry';

/** Work that fails with each of `errors` in turn, then answers 'done'. */
const failing = (...errors: unknown[]) => {
  const work = jest.fn(async () => {
    const error = errors.shift();
    if (error) throw error;
    return 'done';
  });
  return work;
};

const pgError = (code: string) => Object.assign(new Error(`raw ${code}`), { code });

describe('retryOnConflict', () => {
  it("runs again after a deadlock or a unique key, the ORM's or a plain knex statement's", async () => {
    const work = failing(new DeadlockException(new Error('deadlock')), pgError('40P01'));
    expect(await retryOnConflict(work)).toBe('done');
    expect(work).toHaveBeenCalledTimes(3);
    expect(await retryOnConflict(failing(pgError('23505')))).toBe('done');
  });

  it('gives up after its attempts, and at once on any other error', async () => {
    await expect(retryOnConflict(failing(...[1, 2, 3].map(() => pgError('40P01'))))).rejects.toThrow(
      'raw 40P01',
    );
    const other = failing(pgError('22001'));
    await expect(retryOnConflict(other)).rejects.toThrow('raw 22001');
    expect(other).toHaveBeenCalledTimes(1);
  });
});
