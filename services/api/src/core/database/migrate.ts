import type { MikroORM } from '@mikro-orm/core';
import { whileHolding } from '../concurrency';
import type { QueryDeadline } from './orm-options';
import { knexOf } from './sql';

/**
 * Brings the schema up to date: an empty database gets all of it, an older one the missing steps.
 * Instances that start together (a deploy restarting them all) take turns: one migrates, the
 * others wait for it and then find the schema current. Statements run without the per-statement
 * deadline until then, and with it after.
 */
export const runMigrations = async (orm: MikroORM, deadline?: QueryDeadline): Promise<string[]> => {
  const applied = await whileHolding(knexOf(orm), 'outpost:migrations', () => orm.migrator.up());
  if (deadline) deadline.armed = true;
  return applied.map((migration) => migration.name);
};
