// A fresh PostgreSQL database for one benchmark run, dropped afterwards; null when none is reachable.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const DEFAULT_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function freshPostgres(adminUrl = DEFAULT_PG_URL) {
  const { Client } = require('pg');
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `outpost_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Runs `measure(label, env)` on SQLite, then on a fresh PostgreSQL database when one is reachable
 * (said when not); answers each run's result.
 */
export async function onEachDatabase(measure) {
  const results = [await measure('SQLite', {})];
  const pg = await freshPostgres();
  if (!pg) {
    console.log('  PostgreSQL: not reachable, skipped (set BENCH_DATABASE_URL)');
    return results;
  }
  try {
    results.push(await measure('PostgreSQL', { DATABASE_URL: pg.url }));
  } finally {
    await pg.drop();
  }
  return results;
}
