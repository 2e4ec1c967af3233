import { Migration } from '@mikro-orm/migrations';

type SchemaBuilder = ReturnType<Migration['getKnex']>['schema'];
type TableBuilder = Parameters<Parameters<SchemaBuilder['createTable']>[1]>[0];

/** The table's text primary key (a UUID unless `length` says otherwise). */
export const idColumn = (table: TableBuilder, length = 36) =>
  table.string('id', length).notNullable().primary();

/** A required column holding the id of a row of `parent`; deleting that row deletes this one. */
export const ownedBy = (table: TableBuilder, column: string, parent: string, length = 36) =>
  table.string(column, length).notNullable().references('id').inTable(parent).onDelete('CASCADE');

/**
 * Base of every migration. One migration set serves SQLite and PostgreSQL: a schema change is
 * described once with knex's schema builder, and `schema()` queues the statements knex writes
 * for the database this migration runs on.
 */
export abstract class SchemaMigration extends Migration {
  protected schema(build: (schema: SchemaBuilder) => SchemaBuilder): void {
    const knex = this.getKnex();
    for (const statement of build(knex.schema).toSQL()) {
      // knex rebuilds SQLite tables for some changes (altering or dropping a column) through a
      // callback instead of plain SQL; such a change needs hand-written portable SQL instead.
      if (typeof statement.sql !== 'string' || statement.sql === '')
        throw new Error(
          `${this.constructor.name}: this schema change has no plain SQL form on this database`,
        );
      this.addSql(statement.bindings?.length ? knex.raw(statement.sql, statement.bindings) : statement.sql);
    }
  }

  protected get dialect(): 'sqlite' | 'postgresql' {
    return this.driver.getPlatform().constructor.name.startsWith('PostgreSql') ? 'postgresql' : 'sqlite';
  }
}
