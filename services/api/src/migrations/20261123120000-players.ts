import { idColumn, ownedBy, SchemaMigration } from '../core/database';

/**
 * What game servers report through the plugin protocol: players per network (by steamId), their
 * sessions and addresses, punishments, the command queue to each plugin and the events received
 * (unique per server and event id, so a retried batch counts once). The sortable players columns
 * have an index led by network_id, so the players page stays an index scan at a million players.
 */
export class Players20261123120000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema
        .createTable('players', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('steam_id', 32).notNullable();
          table.string('display_name', 100).notNullable();
          table.string('status', 16).notNullable().defaultTo('offline');
          table.timestamp('first_joined', { useTz: true }).notNullable();
          table.timestamp('last_seen', { useTz: true }).notNullable();
          table.integer('playtime_minutes').notNullable().defaultTo(0);
          table.integer('total_sessions').notNullable().defaultTo(0);
          table.integer('total_kills').notNullable().defaultTo(0);
          table.integer('total_deaths').notNullable().defaultTo(0);
          table.integer('headshots').notNullable().defaultTo(0);
          table.boolean('is_admin').notNullable().defaultTo(false);
          table.boolean('is_moderator').notNullable().defaultTo(false);
          table.text('groups').notNullable();
          table.string('current_server_id', 36).nullable();
          table.string('last_server_id', 36).nullable();
          table.string('last_ip', 64).nullable();
          table.unique(['network_id', 'steam_id']);
          for (const column of [
            'last_seen',
            'first_joined',
            'display_name',
            'status',
            'playtime_minutes',
            'total_kills',
            'total_deaths',
            'total_sessions',
          ])
            table.index(['network_id', column]);
          table.index(['current_server_id']);
          table.index(['last_server_id', 'last_seen']);
        })
        .createTable('player_sessions', (table) => {
          idColumn(table);
          table.string('network_id', 36).notNullable();
          ownedBy(table, 'player_id', 'players');
          table.string('server_id', 36).notNullable();
          table.timestamp('joined_at', { useTz: true }).notNullable();
          table.timestamp('left_at', { useTz: true }).nullable();
          table.index(['player_id', 'joined_at']);
          table.index(['network_id', 'server_id', 'left_at']);
        })
        .createTable('player_ips', (table) => {
          idColumn(table);
          ownedBy(table, 'player_id', 'players');
          table.string('ip', 64).notNullable();
          table.timestamp('first_seen', { useTz: true }).notNullable();
          table.timestamp('last_seen', { useTz: true }).notNullable();
          table.unique(['player_id', 'ip']);
          table.index(['ip']);
        })
        .createTable('punishments', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          ownedBy(table, 'player_id', 'players');
          table.string('steam_id', 32).notNullable();
          table.string('type', 16).notNullable();
          table.string('reason', 500).notNullable();
          table.string('issued_by_id', 64).nullable();
          table.string('issued_by_name', 320).nullable();
          table.timestamp('issued_at', { useTz: true }).notNullable();
          table.timestamp('expires_at', { useTz: true }).nullable();
          table.timestamp('lifted_at', { useTz: true }).nullable();
          table.string('server_id', 36).nullable();
          table.index(['player_id', 'issued_at']);
          table.index(['network_id', 'steam_id', 'type']);
        })
        .createTable('plugin_commands', (table) => {
          idColumn(table);
          table.string('network_id', 36).notNullable();
          ownedBy(table, 'server_id', 'servers');
          table.string('type', 16).notNullable();
          table.text('payload').notNullable();
          table.string('status', 16).notNullable().defaultTo('pending');
          table.text('output').nullable();
          table.string('punishment_id', 36).nullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.timestamp('delivered_at', { useTz: true }).nullable();
          table.timestamp('completed_at', { useTz: true }).nullable();
          table.index(['server_id', 'status']);
        })
        .createTable('server_events', (table) => {
          idColumn(table);
          table.string('network_id', 36).notNullable();
          ownedBy(table, 'server_id', 'servers');
          table.string('event_id', 64).notNullable();
          table.string('type', 16).notNullable();
          table.string('steam_id', 32).nullable();
          table.string('target_steam_id', 32).nullable();
          table.text('payload').notNullable();
          table.timestamp('at', { useTz: true }).notNullable();
          table.timestamp('received_at', { useTz: true }).notNullable();
          // A retried batch is counted once: the same event id on the same server is refused.
          table.unique(['server_id', 'event_id']);
          table.index(['network_id', 'steam_id', 'at']);
          table.index(['server_id', 'type', 'at']);
        }),
    );
  }
}
