import { idColumn, ownedBy, SchemaMigration } from '../core/database';

/**
 * Discord (issue 37): a network's guild (one each way), players' Steam ↔ Discord links with their
 * one-time codes (hashed), role rules and the groups they gave, and the messages reports were
 * posted as.
 */
export class Discord20261203100000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema
        .createTable('discord_guilds', (table) => {
          ownedBy(table, 'network_id', 'networks').primary();
          table.string('guild_id', 24).notNullable().unique('discord_guilds_guild_unique');
          table.string('guild_name', 100).notNullable();
          table.string('installed_by', 64).notNullable();
          table.string('reports_channel_id', 24).nullable();
          table.string('linked_role_id', 24).nullable();
          table.text('last_sync').nullable();
          table.timestamp('installed_at', { useTz: true }).notNullable();
        })
        .createTable('discord_links', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('steam_id', 20).notNullable();
          table.string('discord_user_id', 24).notNullable();
          table.string('discord_name', 100).notNullable();
          table.boolean('active').notNullable().defaultTo(true);
          table.timestamp('linked_at', { useTz: true }).notNullable();
          table.unique(['network_id', 'steam_id'], { indexName: 'discord_links_steam_unique' });
          table.unique(['network_id', 'discord_user_id'], { indexName: 'discord_links_user_unique' });
        })
        .createTable('discord_link_codes', (table) => {
          table.string('code_hash', 64).notNullable().primary();
          ownedBy(table, 'network_id', 'networks');
          table.string('discord_user_id', 24).notNullable();
          table.string('discord_name', 100).notNullable();
          table.text('interaction_token').notNullable();
          table.timestamp('expires_at', { useTz: true }).notNullable();
          table.timestamp('used_at', { useTz: true }).nullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.index(['expires_at'], 'discord_link_codes_expiry_index');
        })
        .createTable('discord_role_rules', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('role_id', 24).notNullable();
          table.string('role_name', 100).notNullable();
          table.string('group', 64).notNullable();
          table.string('direction', 16).notNullable();
          table.string('add_command', 200).notNullable();
          table.string('remove_command', 200).notNullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.index(['network_id', 'created_at'], 'discord_role_rules_network_index');
        })
        .createTable('discord_group_grants', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('steam_id', 20).notNullable();
          table.string('group', 64).notNullable();
          table.timestamp('granted_at', { useTz: true }).notNullable();
          table.unique(['network_id', 'steam_id', 'group'], { indexName: 'discord_group_grants_unique' });
        })
        .createTable('discord_report_messages', (table) => {
          table
            .string('report_id', 36)
            .notNullable()
            .primary()
            .references('id')
            .inTable('reports')
            .onDelete('CASCADE');
          ownedBy(table, 'network_id', 'networks');
          table.string('channel_id', 24).notNullable();
          table.string('message_id', 24).notNullable();
          table.timestamp('posted_at', { useTz: true }).notNullable();
        }),
    );
  }
}
