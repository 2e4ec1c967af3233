import { SchemaMigration } from '../core/database';

/** A stored event's player (or target) name as the network knows it, for the backfill. */
const nameOf = (column: string) =>
  `(select p.display_name from players p where p.network_id = server_events.network_id and p.steam_id = server_events.${column})`;

/** The kinds of stored event when this migration was written (the plugin protocol's types). */
const EVENT_TYPES = ['chat', 'connect', 'disconnect', 'kill', 'report', 'console', 'log'];

/**
 * The Logs timeline: server_events gets `search_text` (what a search looks in, lower-cased: the
 * players' steamIds and names, the message, subject, reason and weapon; see searchTextOf), filled
 * for the events already stored. Indexes for its pages, newest first by (at, id): per server, per
 * network, and per network and type (the server's is (server_id, type, at), from the players
 * migration); the retention purge reads the network's. No index on at alone: PostgreSQL's planner
 * would walk it for one server's newest lines, reading every other server's on the way.
 *
 * On PostgreSQL, trigram indexes make "search contains" fast: one per type, partial, so a search
 * within some types reads only their entries (bench/logs-query, a million lines: a term common in
 * one type and absent from the asked ones, 1 to 30 ms where one index over all types takes 50 to
 * 340). Without pg_trgm (no privilege, not installed) the search still works, scanning.
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
        table.index(['network_id', 'type', 'at', 'id'], 'server_events_network_type_at_id_index');
      }),
    );
    if (!pg) return;
    // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. Whatever
    // keeps it from being created, the migration goes on without the indexes.
    this.addSql(`do $$ begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available (%): the logs search will scan', sqlerrm;
    end $$`);
    const indexes = EVENT_TYPES.map(
      (type) => `create index if not exists server_events_search_${type} on server_events
        using gin (search_text gin_trgm_ops) where type = '${type}';`,
    );
    this.addSql(`do $$ begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        ${indexes.join('\n        ')}
      end if;
    end $$`);
  }
}
