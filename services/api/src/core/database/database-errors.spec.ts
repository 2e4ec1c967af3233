import { ConnectionException, DeadlockException, DriverException } from '@mikro-orm/core';
import { isDatabaseUnavailable, isLostRace } from './database-errors';

const pgError = (code: string, message = `raw ${code}`) =>
  Object.assign(new DriverException(Object.assign(new Error(message), { code })), { code });

describe('database errors', () => {
  it('reads a database that does not answer as away', () => {
    expect(isDatabaseUnavailable(new ConnectionException(new Error('refused')))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Knex: Timeout acquiring a connection. The pool is probably full.')),
    ).toBe(true);
  });

  it('reads a deadlock or a serialization failure as a lost race (the database answered), not as an outage', () => {
    for (const error of [new DeadlockException(new Error('deadlock')), pgError('40P01'), pgError('40001')]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(isLostRace(error)).toBe(true);
    }
  });
});
