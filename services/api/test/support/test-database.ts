import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { knex } from '@mikro-orm/postgresql';

/** A fresh, empty database for one suite: the SQLite file lives in `dataDir`. */
export type TestDatabase = {
  /** Environment variables pointing the app at this database (DATA_DIR, and DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  dataDir: string;
  kind: 'sqlite' | 'postgresql';
  /** Drops the PostgreSQL database and removes the temp folder. */
  drop(): Promise<void>;
};

const adminQuery = async (adminUrl: string, sql: string): Promise<void> => {
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(sql);
  } finally {
    await admin.destroy();
  }
};

/**
 * SQLite (a file in a temp folder) by default; when DATABASE_URL is set (CI: the PostgreSQL
 * run), a uniquely named database `outpost_test_<random>` created through that admin URL.
 */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpost-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    return { env: { DATA_DIR: dataDir }, dataDir, kind: 'sqlite', drop: async () => removeDir() };

  const name = `outpost_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dataDir,
    kind: 'postgresql',
    drop: async () => {
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
      removeDir();
    },
  };
};
