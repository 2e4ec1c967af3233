import { SchemaMigration } from '../core/database';

/**
 * Remotes switched while the panel runs (issue 39). remote_settings: the build the operator set
 * for a remote, its canary and the build a rollback serves again (one JSON state per remote);
 * every instance reads it every few seconds. remote_changes: each change, who made it, and what
 * was served before and after (the audit trail of `npm run panel -- remotes:*`).
 */
export class RemoteSettings20261207100000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.createTable('remote_settings', (table) => {
        table.string('name', 16).primary();
        table.text('state').notNullable();
        table.string('updated_by', 200).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
      }),
    );
    this.schema((schema) =>
      schema.createTable('remote_changes', (table) => {
        table.string('id', 36).primary();
        table.string('remote', 16).notNullable();
        table.string('action', 16).notNullable();
        table.string('operator', 200).notNullable();
        table.text('old_value').notNullable();
        table.text('new_value').notNullable();
        table.timestamp('at', { useTz: true }).notNullable();
        table.index(['remote', 'at'], 'remote_changes_remote_at_index');
      }),
    );
  }
}
