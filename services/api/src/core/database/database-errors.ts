import { ConnectionException, DriverException } from '@mikro-orm/core';

// Driver codes that mean "the database cannot be reached right now", not "the query is wrong":
// network failures, PostgreSQL's connection (08xxx) and shutdown (57P0x) classes, too many
// connections, and SQLite's busy/cannot-open.
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
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

// The pool's own messages when it has no connection to give (knex).
const POOL_FAILURE = /Unable to acquire a connection|Timeout acquiring a connection|Connection terminated/i;

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
