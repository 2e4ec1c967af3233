import { SchemaMigration } from '../core/database';

/** The panel's own RCON connection per server (at most one); it goes with its server. */
export class ServerRcon20261125110000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.createTable('server_rcon', (table) => {
        table
          .string('server_id', 36)
          .notNullable()
          .primary()
          .references('id')
          .inTable('servers')
          .onDelete('CASCADE');
        table.string('host', 255).notNullable();
        table.integer('port').notNullable();
        table.text('password_sealed').notNullable();
        table.integer('revision').notNullable().defaultTo(1);
        table.string('state', 16).notNullable().defaultTo('connecting');
        table.string('last_error', 500).nullable();
        table.timestamp('connected_at', { useTz: true }).nullable();
        table.timestamp('created_at', { useTz: true }).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
      }),
    );
  }
}
