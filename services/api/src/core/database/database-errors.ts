import {
  ConnectionException,
  DeadlockException,
  DriverException,
  ForeignKeyConstraintViolationException,
  NotNullConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';

// Driver codes that mean "the database cannot answer right now", not "the query is wrong":
// network failures, PostgreSQL's connection (08xxx) and shutdown (57P0x) classes, too many
// connections, a statement cancelled by its timeout (57014) and a lock not available (55P03), all
// worth a retry; SQLite's busy/cannot-open. A deadlock or a serialization failure (40P01, 40001) is
// no outage: the database answered, and the request lost a race (see isLostRace).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  '55P03',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

// The pool's and the driver's own messages when no answer came in time or the connection broke
// (knex's acquire timeout; pg's connect timeout "timeout expired", its statement read timeout).
const POOL_FAILURE =
  /Unable to acquire a connection|Timeout acquiring a connection|Connection terminated|timeout expired|Query read timeout|timeout exceeded when trying to connect/i;

/** True when an error means the database is unreachable (answered 503), not a bug (500). */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (error instanceof ConnectionException) return true;
  if (!(error instanceof Error)) return false;
  if (error instanceof DriverException) {
    const code = String(error.code ?? '');
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
  }
  return POOL_FAILURE.test(error.message);
};

/**
 * PostgreSQL's data exceptions (class 22: a value too long, out of range, not valid for its
 * type): input that got past validation. Answered 400, never as an outage; logged, since the
 * validation should have caught it.
 */
export const isDataException = (error: unknown): boolean =>
  error instanceof DriverException && /^22[0-9A-Z]{3}$/.test(String(error.code ?? ''));

/**
 * A write that lost a race with another request: the row it would create exists now (a unique
 * key), the row it refers to was deleted meanwhile (a foreign key), or the database chose it to
 * give way in a deadlock. Answered 409: the request
 * was fine a moment ago and may be sent again; nothing of it was stored.
 */
export const isLostRace = (error: unknown): boolean =>
  error instanceof UniqueConstraintViolationException ||
  error instanceof ForeignKeyConstraintViolationException ||
  error instanceof DeadlockException ||
  (error instanceof DriverException && ['40P01', '40001'].includes(String(error.code ?? '')));

/** A required column left empty: input that got past validation (answered 400, logged). */
export const isMissingValue = (error: unknown): boolean =>
  error instanceof NotNullConstraintViolationException;
