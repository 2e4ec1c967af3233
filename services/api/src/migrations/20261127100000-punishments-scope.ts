import { SchemaMigration } from '../core/database';

/**
 * Punishments (issue 19): a ban's `scope` (the server it names, or the whole network) and when the
 * expiry sweep told the servers it ended. Every ban stored before held on the whole network, so
 * bans and unbans stored so far are network bans; kicks and warns concern their server. A ban that
 * already ran out counts as handled (its servers were never sent an unban, but the game's own
 * timed ban ends by itself, and the ban-check URL stopped refusing at its expiry).
 *
 * Indexes, chosen by bench/punishments-query (1M rows on PostgreSQL): the lists read newest first
 * by (issued_at, id) in a network or on a server, stopping after a page (without them PostgreSQL
 * sorts the network's rows); a search goes through the players' search indexes, then
 * (player_id, issued_at).
 */
export class PunishmentsScope20261127100000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('punishments', (table) => {
        table.string('scope', 16).notNullable().defaultTo('network');
        table.timestamp('expiry_handled_at', { useTz: true }).nullable();
      }),
    );
    this.addSql(`update punishments set scope = 'server' where type in ('kick', 'warn')`);
    this.addSql(
      `update punishments set expiry_handled_at = expires_at where type = 'ban' and expires_at is not null and lifted_at is null`,
    );
    this.schema((schema) =>
      schema.alterTable('punishments', (table) => {
        table.index(['network_id', 'issued_at', 'id'], 'punishments_network_issued_index');
        table.index(['server_id', 'issued_at', 'id'], 'punishments_server_issued_index');
      }),
    );
    // The expiry sweep's "timed bans due and not yet handled": a partial index holds only those
    // (a few), so the sweep never reads the punishments table (both databases take partial indexes).
    this.addSql(`create index punishments_expiry_due on punishments (expires_at)
      where type = 'ban' and lifted_at is null and expiry_handled_at is null and expires_at is not null`);
  }
}
