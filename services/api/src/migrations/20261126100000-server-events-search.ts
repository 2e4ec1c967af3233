import { SchemaMigration } from '../core/database/schema-migration';

/** A stored event's player (or target) name as the network knows it, for the backfill. */
const nameOf = (column: string) =>
  `(select p.display_name from players p where p.network_id = server_events.network_id and p.steam_id = server_events.${column})`;

/**
 * The Logs timeline: server_events gets `search_text` (what a search looks in, lower-cased: the
 * players' steamIds and names, the message, subject, reason and weapon; see searchTextOf), filled
 * for the events already stored. Indexes for its pages, newest first by (at, id), per server and per
 * network, and by time alone for the retention purge. On PostgreSQL a trigram index makes "search
 * contains" fast; without pg_trgm (no privilege, not installed) the search still works, scanning.
 *
 * The backfill lower-cases in SQL: SQLite folds only ASCII letters there, so on SQLite a line
 * stored before this migration matches a name with accented capitals only as typed. Lines stored
 * since are lower-cased by the API (any alphabet).
 */
export class ServerEventsSearch20261126100000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('server_events', (table) => {
        table.text('search_text').nullable();
      }),
    );
    const pg = this.dialect === 'postgresql';
    const field = (name: string) =>
      pg ? `payload::json ->> '${name}'` : `json_extract(payload, '$.${name}')`;
    this.addSql(`update server_events set search_text = lower(concat_ws(${pg ? 'chr(10)' : 'char(10)'},
      steam_id, target_steam_id, ${nameOf('steam_id')}, ${nameOf('target_steam_id')},
      ${['name', 'message', 'subject', 'reason', 'weapon'].map(field).join(', ')}))
      where search_text is null`);
    this.schema((schema) =>
      schema.alterTable('server_events', (table) => {
        table.index(['server_id', 'at', 'id'], 'server_events_server_at_id_index');
        table.index(['network_id', 'at', 'id'], 'server_events_network_at_id_index');
        table.index(['at'], 'server_events_at_index');
      }),
    );
    if (!pg) return;
    // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. Whatever
    // keeps it from being created, the migration goes on without the index.
    this.addSql(`do $$ begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available (%): the logs search will scan', sqlerrm;
    end $$`);
    this.addSql(`do $$ begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index if not exists server_events_search_trgm on server_events using gin (search_text gin_trgm_ops);
      end if;
    end $$`);
  }
}
