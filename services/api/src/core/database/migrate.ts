import type { MikroORM } from '@mikro-orm/core';
import type { QueryDeadline } from './orm-options';

/**
 * Brings the schema up to date: an empty database gets all of it, an older one the missing steps.
 * Statements run without the per-statement deadline until then, and with it after.
 */
export const runMigrations = async (orm: MikroORM, deadline?: QueryDeadline): Promise<string[]> => {
  const applied = await orm.migrator.up();
  if (deadline) deadline.armed = true;
  return applied.map((migration) => migration.name);
};
