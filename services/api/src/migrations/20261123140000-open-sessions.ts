import { SchemaMigration } from '../core/database';

/**
 * Each heartbeat asks, per reported player, whether they have an open session on the server: a
 * partial index of open sessions answers it without walking a veteran's whole session history.
 * The same SQL on SQLite and PostgreSQL.
 */
export class OpenSessions20261123140000 extends SchemaMigration {
  override up(): void {
    this.addSql(
      'create index if not exists player_sessions_open_index on player_sessions (player_id, server_id) where left_at is null',
    );
  }
}
