import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { dialectOf, knexIn } from './sql';

/** A row as its table stores it: column names and the values the driver takes. */
export type Row = Record<string, string | number | boolean | Date | null>;

export type InsertRowsOptions = {
  /** Rows whose values of these columns (a unique index) are already there are left out. */
  ignoreConflictOn?: readonly string[];
  /** The column of each inserted row to answer (rows left out by a conflict are not answered). */
  returning?: string;
};

/** SQLite binds a few thousand values to one statement: 200 rows of up to 16 columns stay under. */
const SQLITE_ROWS = 200;
/** PostgreSQL takes the rows as one JSON value: a few MB per statement at most. */
const POSTGRES_ROWS = 2_000;

/** Each table's column types, read once per database client (format_type: as declared). */
const columnTypes = new WeakMap<object, Map<string, Promise<Map<string, string>>>>();

const typesOf = (knex: Knex, table: string): Promise<Map<string, string>> => {
  const client = knex.client as object;
  let tables = columnTypes.get(client);
  if (!tables) columnTypes.set(client, (tables = new Map()));
  let types = tables.get(table);
  if (!types) {
    types = knex
      .raw<{ rows: { name: string; type: string }[] }>(
        `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
          WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped`,
        [table],
      )
      .then(({ rows }) => new Map(rows.map(({ name, type }) => [name, type])));
    types.catch(() => tables.delete(table));
    tables.set(table, types);
  }
  return types;
};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Inserts many rows, a few statements in all, in the transaction `em` runs (all rows have the same
 * columns). On PostgreSQL each statement takes its rows as one JSON value (json_to_recordset, typed
 * as the table declares its columns): one value to bind and parse instead of one per cell, which
 * is most of what 10,000 rows at once cost the panel and the database (bench/automation). On
 * SQLite, multi-row INSERTs of SQLITE_ROWS rows. Answers the `returning` column of the rows
 * inserted.
 */
export async function insertRows(
  em: EntityManager,
  table: string,
  rows: readonly Row[],
  options: InsertRowsOptions = {},
): Promise<string[]> {
  if (rows.length === 0) return [];
  const knex = knexIn(em);
  const columns = Object.keys(rows[0]);
  const answered: string[] = [];
  const postgres = dialectOf(em) === 'postgresql';
  const size = postgres ? POSTGRES_ROWS : SQLITE_ROWS;
  for (let from = 0; from < rows.length; from += size) {
    const chunk = rows.slice(from, from + size);
    if (postgres) {
      const types = await typesOf(knex, table);
      const list = columns.map(quoted).join(', ');
      const record = columns.map((column) => {
        const type = types.get(column);
        if (!type) throw new Error(`${table} has no column ${column}`);
        return `${quoted(column)} ${type}`;
      });
      const conflict = options.ignoreConflictOn
        ? ` ON CONFLICT (${options.ignoreConflictOn.map(quoted).join(', ')}) DO NOTHING`
        : '';
      const returning = options.returning ? ` RETURNING ${quoted(options.returning)}` : '';
      const result = await knex.raw<{ rows: Record<string, string>[] }>(
        `INSERT INTO ${quoted(table)} (${list}) SELECT ${list} FROM json_to_recordset(?::json) AS r(${record.join(
          ', ',
        )})${conflict}${returning}`,
        [JSON.stringify(chunk)],
      );
      if (options.returning) answered.push(...result.rows.map((row) => row[options.returning!]));
      continue;
    }
    let query = knex(table).insert(chunk);
    if (options.ignoreConflictOn) query = query.onConflict([...options.ignoreConflictOn]).ignore();
    if (options.returning) {
      const inserted: Record<string, string>[] = await query.returning(options.returning);
      answered.push(...inserted.map((row) => row[options.returning!]));
    } else await query;
  }
  return answered;
}
