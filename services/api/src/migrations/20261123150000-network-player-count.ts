import { SchemaMigration } from '../core/database';

/**
 * How many players each network has ever seen, kept by the heartbeat that creates them: the
 * players list's total without a search, which counting a million rows would make slow.
 */
export class NetworkPlayerCount20261123150000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('networks', (table) => {
        table.integer('player_count').notNullable().defaultTo(0);
      }),
    );
    this.addSql(
      'update networks set player_count = (select count(*) from players where players.network_id = networks.id)',
    );
  }
}
