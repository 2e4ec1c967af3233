import { idColumn, ownedBy, SchemaMigration } from '../core/database/schema-migration';

/**
 * Suspicious activity (issue 28): each network's weights and thresholds (one row, JSON; absent
 * means the defaults), the latest review of a player (dismissed or flagged, with what the score
 * rested on then, so a dismissal lapses when new evidence arrives), and the AntiHack violations
 * read from console lines and `violation` events (one per server event). Times are epoch
 * milliseconds (bigint), the same on SQLite and PostgreSQL.
 */
export class Suspicious20261201100000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema
        .createTable('suspicious_settings', (table) => {
          table
            .string('network_id', 36)
            .notNullable()
            .primary()
            .references('id')
            .inTable('networks')
            .onDelete('CASCADE');
          table.text('settings').notNullable();
          table.bigInteger('updated_at').notNullable();
        })
        .createTable('suspicious_reviews', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('steam_id', 32).notNullable();
          table.string('state', 16).notNullable();
          table.string('note', 500).nullable();
          table.string('by_id', 64).notNullable();
          table.string('by_name', 320).notNullable();
          table.bigInteger('at').notNullable();
          table.double('score').notNullable();
          /** The evidence counts at the review (reports, violations, names, banned accounts). */
          table.text('evidence').notNullable();
          table.unique(['network_id', 'steam_id']);
        })
        .createTable('suspicious_violations', (table) => {
          idColumn(table);
          table.string('network_id', 36).notNullable();
          ownedBy(table, 'server_id', 'servers');
          table.string('steam_id', 32).notNullable();
          table.string('kind', 64).notNullable();
          table.double('level').nullable();
          table.string('source', 16).notNullable();
          /** The server event (Logs line) it was read from: once per event. */
          table.string('event_id', 36).notNullable().unique();
          table.bigInteger('at').notNullable();
          table.index(['server_id', 'steam_id'], 'suspicious_violations_server_index');
          table.index(['network_id', 'steam_id'], 'suspicious_violations_network_index');
        }),
    );
  }
}
