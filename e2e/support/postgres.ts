import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

// A fresh PostgreSQL database for one spec, dropped afterwards. The admin URL is DATABASE_URL, or
// the local server CI runs the API suites on; null when neither answers.

type PgClient = {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): void;
};
type PgModule = {
  Client: new (options: { connectionString: string; connectionTimeoutMillis: number }) => PgClient;
};

// The API's own driver (hoisted to the root node_modules); e2e needs no other.
const { Client } = createRequire(__filename)('pg') as PgModule;

export const ADMIN_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export type FreshDatabase = { url: string; drop: () => Promise<void> };

export async function freshPostgres(adminUrl = ADMIN_DATABASE_URL): Promise<FreshDatabase | null> {
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  // A connection the server ends (the drop's FORCE elsewhere, a restart) must not crash the run.
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `outpost_e2e_${randomBytes(4).toString('hex')}`;
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
