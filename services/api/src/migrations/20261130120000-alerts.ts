import { idColumn, ownedBy, SchemaMigration } from '../core/database';

/**
 * Alerts (issue 27): rules, channels, the incidents they fired (one open per rule and subject,
 * unique open_key), each message's delivery, and the bell's read marks. Every network gets a panel
 * channel and an e-mail channel to its owner and admins, so the default offline rule (the settings
 * toggle) reaches someone.
 */
export class Alerts20261130120000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema
        .createTable('alert_rules', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('server_id', 36).nullable().references('id').inTable('servers').onDelete('CASCADE');
          table.string('kind', 32).notNullable();
          table.double('threshold').nullable();
          table.integer('minutes').nullable();
          table.text('steam_ids').notNullable().defaultTo('[]');
          table.boolean('enabled').notNullable().defaultTo(true);
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.index(['network_id', 'created_at'], 'alert_rules_network_index');
        })
        .createTable('alert_channels', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('type', 16).notNullable();
          table.string('name', 100).notNullable();
          table.text('emails').notNullable().defaultTo('[]');
          table.text('url').nullable();
          table.text('secret_sealed').nullable();
          table.boolean('enabled').notNullable().defaultTo(true);
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.index(['network_id', 'created_at'], 'alert_channels_network_index');
        })
        .createTable('alerts', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('server_id', 36).nullable();
          table.string('server_name', 300).nullable();
          table.string('rule_id', 80).notNullable();
          table.string('kind', 32).notNullable();
          table.string('subject', 120).notNullable();
          table.string('open_key', 240).nullable().unique('alerts_open_key_unique');
          table.string('title', 500).notNullable();
          table.string('state', 16).notNullable();
          table.timestamp('fired_at', { useTz: true }).notNullable();
          table.timestamp('opened_at', { useTz: true }).notNullable();
          table.timestamp('resolved_at', { useTz: true }).nullable();
          table.integer('flaps').notNullable().defaultTo(0);
          table.index(['network_id', 'fired_at', 'id'], 'alerts_network_fired_index');
          table.index(['server_id', 'fired_at', 'id'], 'alerts_server_fired_index');
          table.index(['network_id', 'rule_id', 'subject', 'fired_at'], 'alerts_incident_index');
        })
        .createTable('alert_deliveries', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('alert_id', 36).nullable().references('id').inTable('alerts').onDelete('CASCADE');
          ownedBy(table, 'channel_id', 'alert_channels');
          table.string('event', 16).notNullable();
          table.string('status', 16).notNullable().defaultTo('pending');
          table.integer('attempts').notNullable().defaultTo(0);
          table.string('last_error', 500).nullable();
          table.timestamp('next_attempt_at', { useTz: true }).nullable();
          table.timestamp('delivered_at', { useTz: true }).nullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          // A message per alert, channel and event: none is sent twice.
          table.unique(['alert_id', 'channel_id', 'event'], { indexName: 'alert_deliveries_once_unique' });
          table.index(['status', 'next_attempt_at'], 'alert_deliveries_due_index');
          table.index(['channel_id', 'created_at'], 'alert_deliveries_channel_index');
        })
        .createTable('alert_read_marks', (table) => {
          ownedBy(table, 'user_id', 'users', 64).primary();
          table.timestamp('read_at', { useTz: true }).notNullable();
        }),
    );
    // The default channels of the networks there are (a new network gets them when created).
    const id = this.dialect === 'postgresql' ? 'gen_random_uuid()::text' : UUID_SQLITE;
    // SQLite keeps a Date as its milliseconds since the epoch, as the ORM writes it.
    const now =
      this.dialect === 'postgresql' ? 'now()' : "cast((julianday('now') - 2440587.5) * 86400000 as integer)";
    const later = (at: string, ms: number) =>
      this.dialect === 'postgresql' ? `${at} + interval '${ms} milliseconds'` : `${at} + ${ms}`;
    // A millisecond apart, so they list in this order.
    DEFAULT_CHANNELS.forEach(([type, name], i) =>
      this.addSql(
        `insert into alert_channels (id, network_id, type, name, emails, enabled, created_at)
         select ${id}, id, '${type}', '${name}', '[]', ${this.dialect === 'postgresql' ? 'true' : '1'}, ${later(now, i)} from networks`,
      ),
    );
  }
}

/** As AlertChannelsService.addDefaults makes them (kept here as they were when this shipped). */
const DEFAULT_CHANNELS = [
  ['panel', 'Panel'],
  ['email', 'Owner and admins'],
] as const;

/** A version-4 UUID from SQLite's randomblob. */
const UUID_SQLITE = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;
