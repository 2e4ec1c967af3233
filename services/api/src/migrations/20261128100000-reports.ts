import { idColumn, ownedBy, SchemaMigration } from '../core/database';

/**
 * The F7 reports inbox (issue 19): one row per report (from a plugin or bridge report event, or
 * the game's reports URL), its note thread, and a report's screenshot in a table of its own so the
 * lists never read it. Lists read newest first by (reported_at, id) in a network or on a server;
 * the new-report badges count by (network_id, state) and (server_id, state).
 */
export class Reports20261128100000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema
        .createTable('reports', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('server_id', 36).nullable();
          table.string('source', 16).notNullable();
          /** The server event a plugin's report arrived as (the Logs line), once per report. */
          table.string('event_id', 36).nullable().unique();
          table.string('reporter_steam_id', 32).nullable();
          table.string('reporter_name', 100).nullable();
          table.string('target_steam_id', 32).nullable();
          table.string('target_name', 100).nullable();
          table.string('subject', 200).nullable();
          table.text('message').nullable();
          table.string('category', 64).nullable();
          table.text('position').nullable();
          table.timestamp('reported_at', { useTz: true }).notNullable();
          table.timestamp('received_at', { useTz: true }).notNullable();
          table.string('state', 16).notNullable().defaultTo('new');
          table.string('assignee_id', 64).nullable();
          table.string('punishment_id', 36).nullable();
          table.text('unparsed').notNullable().defaultTo('[]');
          table.text('raw').nullable();
          table.boolean('raw_truncated').notNullable().defaultTo(false);
          table.string('screenshot_note', 200).nullable();
          table.boolean('has_screenshot').notNullable().defaultTo(false);
          table.index(['network_id', 'reported_at', 'id'], 'reports_network_reported_index');
          table.index(['server_id', 'reported_at', 'id'], 'reports_server_reported_index');
          table.index(['network_id', 'state'], 'reports_network_state_index');
          table.index(['server_id', 'state'], 'reports_server_state_index');
        })
        .createTable('report_notes', (table) => {
          idColumn(table);
          ownedBy(table, 'report_id', 'reports');
          table.string('author_id', 64).notNullable();
          table.string('author_name', 320).notNullable();
          table.text('text').notNullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.index(['report_id', 'created_at']);
        })
        .createTable('report_screenshots', (table) => {
          table
            .string('report_id', 36)
            .notNullable()
            .primary()
            .references('id')
            .inTable('reports')
            .onDelete('CASCADE');
          table.string('content_type', 64).notNullable();
          table.binary('data').notNullable();
        }),
    );
  }
}
