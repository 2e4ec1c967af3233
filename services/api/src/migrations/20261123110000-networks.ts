import { idColumn, ownedBy, SchemaMigration } from '../core/database';

/**
 * Networks and what hangs off them: members, invites, servers and the audit log. Foreign keys
 * cascade as a second line of defence; the services delete dependents explicitly in one
 * transaction, so no orphan is left even where SQLite does not enforce foreign keys.
 */
export class Networks20261123110000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema
        .createTable('networks', (table) => {
          idColumn(table);
          table.string('name', 100).notNullable();
          table.string('description', 500).notNullable().defaultTo('');
          table.string('gradient_from', 7).notNullable();
          table.string('gradient_to', 7).notNullable();
          table.string('gradient_direction', 8).notNullable();
          table.boolean('notify_server_offline').notNullable().defaultTo(true);
          table.boolean('notify_new_members').notNullable().defaultTo(false);
          table.string('owner_id', 64).notNullable().index();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.timestamp('updated_at', { useTz: true }).notNullable();
        })
        .createTable('network_members', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          ownedBy(table, 'user_id', 'users', 64);
          table.string('role', 16).notNullable();
          table.timestamp('joined_at', { useTz: true }).notNullable();
          // One membership per user and network: the last line of the race-safe join.
          table.unique(['network_id', 'user_id']);
          table.index(['user_id']);
        })
        .createTable('invites', (table) => {
          idColumn(table);
          table.string('code', 17).notNullable().unique();
          ownedBy(table, 'network_id', 'networks');
          table.string('created_by', 64).notNullable();
          table.integer('max_uses').notNullable();
          table.integer('current_uses').notNullable().defaultTo(0);
          table.boolean('is_active').notNullable().defaultTo(true);
          table.timestamp('expires_at', { useTz: true }).notNullable();
          table.text('metadata').notNullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.index(['network_id']);
        })
        .createTable('servers', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('name', 300).notNullable();
          table.string('actual_name', 300).nullable();
          table.string('status', 16).notNullable().defaultTo('offline');
          table.string('connection_address', 255).notNullable().defaultTo('');
          table.integer('player_count').notNullable().defaultTo(0);
          table.integer('max_players').notNullable().defaultTo(8);
          table.string('map', 200).nullable();
          table.integer('uptime').notNullable().defaultTo(0);
          table.string('gradient_from', 7).nullable();
          table.string('gradient_to', 7).nullable();
          table.string('gradient_direction', 8).nullable();
          // The plugin token is `prefix_publicId_secret`: the public id finds the row, the
          // secret is compared (hashed, constant time) with token_hash.
          table.string('token_id', 32).notNullable().unique();
          table.string('token_hash', 64).notNullable();
          table.timestamp('last_seen_at', { useTz: true }).nullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.timestamp('updated_at', { useTz: true }).notNullable();
          table.index(['network_id']);
        })
        .createTable('audit_entries', (table) => {
          idColumn(table);
          // Null for the entry that records the network's own deletion.
          table.string('network_id', 36).nullable().references('id').inTable('networks').onDelete('CASCADE');
          table.string('network_name', 100).notNullable();
          table.string('action', 32).notNullable();
          table.string('actor_id', 64).notNullable();
          table.string('actor_name', 320).notNullable();
          table.string('target_type', 16).notNullable();
          table.string('target_id', 64).notNullable();
          table.string('target_name', 320).notNullable();
          table.text('details').notNullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.index(['network_id', 'created_at']);
        }),
    );
  }
}
