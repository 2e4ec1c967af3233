import type { MikroORM } from '@mikro-orm/core';

/** Brings the schema up to date: an empty database gets all of it, an older one the missing steps. */
export const runMigrations = async (orm: MikroORM): Promise<string[]> => {
  const applied = await orm.migrator.up();
  return applied.map((migration) => migration.name);
};
