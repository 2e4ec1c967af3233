import { SchemaMigration } from '../core/database';

/**
 * A refused RCON password is not dialled again and again: when the server refused it
 * (refused_at), so a connection made again with the same settings (a restart, another instance
 * taking it over) waits out the same 10 minutes; the Try again presses since the last save
 * (retries), which the instance holding the connection answers by dialling at once; and since
 * when the connection is in its state (state_since).
 */
export class ServerRconRefused20261204100000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('server_rcon', (table) => {
        table.timestamp('refused_at', { useTz: true }).nullable();
        table.integer('retries').notNullable().defaultTo(0);
        table.timestamp('state_since', { useTz: true }).nullable();
      }),
    );
  }
}
