import { idColumn, ownedBy, SchemaMigration } from '../core/database';

/**
 * Suspicious activity (issue 28): each network's weights and thresholds (one row, JSON; absent
 * means the defaults), each player's kills, deaths and headshots per server (kept as kill events
 * arrive, so scoring a server reads one row per player instead of every kill; filled here from
 * the kills already stored), the latest review of a player (dismissed or flagged, with what the score
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
        })
        .createTable('suspicious_tallies', (table) => {
          ownedBy(table, 'server_id', 'servers');
          table.string('network_id', 36).notNullable();
          table.string('steam_id', 32).notNullable();
          table.integer('kills').notNullable().defaultTo(0);
          table.integer('deaths').notNullable().defaultTo(0);
          table.integer('headshots').notNullable().defaultTo(0);
          table.primary(['server_id', 'steam_id']);
        }),
    );
    this.addSql(
      `insert into suspicious_tallies (server_id, network_id, steam_id, kills, deaths, headshots)
        select server_id, max(network_id), steam_id, sum(kills), sum(deaths), sum(headshots) from (
          select server_id, network_id, steam_id, 1 as kills, 0 as deaths,
            case when payload like '%"headshot":true%' then 1 else 0 end as headshots
          from server_events where type = 'kill' and steam_id is not null
          union all
          select server_id, network_id, target_steam_id, 0, 1, 0
          from server_events where type = 'kill' and target_steam_id is not null
        ) k group by server_id, steam_id`,
    );
  }
}
