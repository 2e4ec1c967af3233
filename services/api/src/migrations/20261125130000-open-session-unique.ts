import { SchemaMigration } from '../core/database';

/**
 * At most one open session per player and server: two heartbeats of one server that ran together
 * could each open one. Extra open sessions left by that race are closed (the newest stays open),
 * then the partial index of open sessions becomes unique, so the heartbeat can open sessions with
 * ON CONFLICT DO NOTHING. The same SQL on SQLite and PostgreSQL.
 */
export class OpenSessionUnique20261125130000 extends SchemaMigration {
  override up(): void {
    this.addSql(`update player_sessions set left_at = joined_at
      where left_at is null and exists (
        select 1 from player_sessions o
        where o.player_id = player_sessions.player_id and o.server_id = player_sessions.server_id
          and o.left_at is null
          and (o.joined_at > player_sessions.joined_at or (o.joined_at = player_sessions.joined_at and o.id > player_sessions.id)))`);
    this.addSql('drop index if exists player_sessions_open_index');
    this.addSql(
      'create unique index if not exists player_sessions_open_unique on player_sessions (player_id, server_id) where left_at is null',
    );
  }
}
