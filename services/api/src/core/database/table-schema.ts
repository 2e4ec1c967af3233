import type { EntityClass } from '@mikro-orm/core';

/**
 * What one module keeps in the database: its entity classes, and the tables it reads and writes
 * in raw SQL only. Each module declares its own in its `x.schema.ts`; the module is the one owner
 * of these tables, and code elsewhere writes them only by calling it (`npm run arch` lists the
 * owners and fails on a write from outside). The tables' columns are the migrations'.
 */
export type TableSchema = {
  readonly entities: readonly EntityClass<object>[];
  readonly tables: readonly string[];
};

export const defineSchema = (schema: {
  entities?: readonly EntityClass<object>[];
  tables?: readonly string[];
}): TableSchema => ({ entities: schema.entities ?? [], tables: schema.tables ?? [] });

/** Every entity class of these schemas: the ORM's model (discovery is explicit, no folder scanning). */
export const entitiesOf = (schemas: readonly TableSchema[]): EntityClass<object>[] =>
  schemas.flatMap((schema) => schema.entities);
