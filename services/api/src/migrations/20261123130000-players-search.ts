import { SchemaMigration } from '../core/database';

/**
 * Player search at a million players (PostgreSQL): a trigram index for "name contains" and
 * prefix indexes for steamId and IP. SQLite keeps the plain indexes: its LIKE scans are fine at
 * the sizes an embedded panel holds.
 */
export class PlayersSearch20261123130000 extends SchemaMigration {
  override up(): void {
    if (this.dialect !== 'postgresql') return;
    // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. Without the
    // privilege the name search still works, through a scan.
    this.addSql(`do $$ begin
      create extension if not exists pg_trgm;
    exception when insufficient_privilege then
      raise notice 'pg_trgm is not available: player name search will scan';
    end $$`);
    this.addSql(`do $$ begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index if not exists players_display_name_trgm on players using gin (lower(display_name) gin_trgm_ops);
      end if;
    end $$`);
    this.addSql(
      'create index if not exists players_network_steam_prefix on players (network_id, steam_id text_pattern_ops)',
    );
    this.addSql(
      'create index if not exists players_network_ip_prefix on players (network_id, last_ip text_pattern_ops)',
    );
    this.addSql('create index if not exists player_ips_ip_prefix on player_ips (ip text_pattern_ops)');
  }
}
