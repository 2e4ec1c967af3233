import { SchemaMigration } from '../core/database';

/**
 * The fencing token of a server's RCON connection (owner_token): which claim on it is the latest,
 * so an instance that lost the connection to another cannot write its state any more.
 */
export class ServerRconOwner20261129120000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('server_rcon', (table) => {
        table.integer('owner_token').notNullable().defaultTo(0);
      }),
    );
  }
}
