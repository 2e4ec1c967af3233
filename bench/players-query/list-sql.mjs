// The statements GET /api/players sends for an owner's page on PostgreSQL, taken from the built
// panel itself (services/api/src/modules/players/players-page-sql.ts, in the build the bench runs:
// OUTPOST_API_MAIN's, else services/api/dist), and sent in the order PlayersService.list sends
// them, each value bound apart. The bench's raw baseline runs them straight on the database, and its
// minimal node:http + pg server answers its requests with them. Not the access check: the list's
// SQL only.
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../support/panel.mjs';

const require = createRequire(import.meta.url);
const main = process.env.OUTPOST_API_MAIN || path.join(repoRoot, 'services/api/dist/main.js');
const { COUNT_MATCHES_UP_TO, plainPageSql, searchedPageSql } = require(
  path.join(path.dirname(main), 'modules/players/players-page-sql.js'),
);

/** A statement's rows on PostgreSQL: its `?` placeholders numbered, as the panel's driver does. */
const rowsOf = async (db, { sql, values }) => {
  let index = 0;
  return (
    await db.query(
      sql.replace(/\?/g, () => `$${++index}`),
      values,
    )
  ).rows;
};

/**
 * A page of the network's players for `query` ({ networkId, search, sortBy, sortOrder, page,
 * limit }), searched as an owner (IPs too): { totalCount, capped, rows } as the service's Page,
 * rows being the players table's. `db` is a pg Client or Pool.
 */
export async function listPage(db, query) {
  const scoped = { ...query, ofServer: null };
  if (!query.search) {
    const { count, page } = plainPageSql(scoped);
    const [counted] = await rowsOf(db, count);
    return { totalCount: Number(counted?.count ?? 0), rows: await rowsOf(db, page) };
  }
  const statements = searchedPageSql(scoped, query.search, true);
  const [{ count }] = await rowsOf(db, statements.count);
  const counted = Number(count);
  if (counted > COUNT_MATCHES_UP_TO)
    return { totalCount: COUNT_MATCHES_UP_TO, capped: true, rows: await rowsOf(db, statements.walk) };
  const ids = (await rowsOf(db, statements.page)).map((row) => row.id);
  const found = ids.length ? await rowsOf(db, statements.byId(ids)) : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  return { totalCount: counted, rows: ids.map((id) => byId.get(id)).filter(Boolean) };
}
