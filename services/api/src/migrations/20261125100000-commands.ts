import { SchemaMigration } from '../core/database';

/**
 * Commands become their own module and carry console commands: who sent one from the panel (the
 * console shows it beside the command), and an index for a server's commands newest first (the
 * console's history).
 */
export class Commands20261125100000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('plugin_commands', (table) => {
        table.string('issued_by_id', 64).nullable();
        table.string('issued_by_name', 200).nullable();
        table.index(['server_id', 'type', 'created_at']);
      }),
    );
  }
}
