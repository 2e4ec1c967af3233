import { SchemaMigration } from '../core/database';

export class Foundation20261122170000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema
        .createTable('app_meta', (table) => {
          table.string('key', 100).notNullable().primary();
          table.text('value').notNullable();
        })
        .createTable('users', (table) => {
          table.string('id', 64).notNullable().primary();
          table.string('email', 320).notNullable().unique();
          table.string('name', 100).notNullable().defaultTo('');
          table.string('username', 64).nullable().unique();
          table.string('avatar', 2048).nullable();
          table.boolean('email_verified').notNullable().defaultTo(false);
          table.string('plan', 32).notNullable().defaultTo('free');
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.timestamp('updated_at', { useTz: true }).notNullable();
        }),
    );
  }
}
