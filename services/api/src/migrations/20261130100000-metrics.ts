import { SchemaMigration } from '../core/database';

/** The figures of a report that the metrics keep, each as count, sum, minimum and maximum. */
const FIGURES = ['queued', 'fps', 'entities', 'memory_mb', 'network_in', 'network_out'] as const;

/**
 * Metrics history (issue 27): each server's reports merged into one-minute, five-minute and hourly
 * buckets (players, max players, and the figures a source sends: a figure's `_n` counts the
 * reports that had it), and each server's status changes, so uptime and outages are facts. Times
 * are epoch milliseconds (bigint), the same on SQLite and PostgreSQL. The buckets have no foreign
 * key: they are written in batches a few seconds after the reports, and a server deleted meanwhile
 * must not fail its neighbours' rows (the metrics module deletes a deleted server's buckets).
 * Servers already reporting get a first status change now, so their uptime counts from here.
 */
export class Metrics20261130100000 extends SchemaMigration {
  override up(): void {
    for (const name of ['metric_minutes', 'metric_five_minutes', 'metric_hours'])
      this.schema((schema) =>
        schema.createTable(name, (table) => {
          table.string('server_id', 36).notNullable();
          table.string('network_id', 36).notNullable();
          table.bigInteger('bucket_at').notNullable();
          table.integer('reports').notNullable();
          table.double('players_sum').notNullable();
          table.double('players_min').notNullable();
          table.double('players_max').notNullable();
          table.integer('max_players').notNullable();
          for (const figure of FIGURES) {
            table.integer(`${figure}_n`).notNullable().defaultTo(0);
            table.double(`${figure}_sum`).notNullable().defaultTo(0);
            table.double(`${figure}_min`).nullable();
            table.double(`${figure}_max`).nullable();
          }
          table.primary(['server_id', 'bucket_at']);
          table.index(['network_id', 'bucket_at'], `${name}_network_index`);
        }),
      );
    this.schema((schema) =>
      schema.createTable('server_status_changes', (table) => {
        table.increments('id').primary();
        table.string('server_id', 36).notNullable().references('id').inTable('servers').onDelete('CASCADE');
        table.string('network_id', 36).notNullable();
        table.string('status', 16).notNullable();
        table.bigInteger('at').notNullable();
        table.index(['server_id', 'at'], 'server_status_changes_server_index');
      }),
    );
    const now =
      this.dialect === 'postgresql'
        ? 'cast(extract(epoch from now()) * 1000 as bigint)'
        : "cast((julianday('now') - 2440587.5) * 86400000 as integer)";
    this.addSql(
      `insert into server_status_changes (server_id, network_id, status, at)
        select id, network_id, status, ${now} from servers where status <> 'offline'`,
    );
  }
}
