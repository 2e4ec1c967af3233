import { SchemaMigration } from '../core/database';

/** The players columns the list sorts by, as the players migration indexed them (written out: a migration that ran must not change). */
const PLAYER_SORT_COLUMNS = [
  'last_seen',
  'first_joined',
  'display_name',
  'status',
  'playtime_minutes',
  'total_kills',
  'total_deaths',
  'total_sessions',
] as const;

/**
 * The players list's sort indexes end with the id, the list's tie-break, so a page is read in
 * order straight off the index: with a million players, thousands share a kill count or a minute
 * of last seen, and each page used to sort them.
 */
export class PlayersSortTieBreak20261123160000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('players', (table) => {
        for (const column of PLAYER_SORT_COLUMNS) {
          table.dropIndex(['network_id', column]);
          table.index(['network_id', column, 'id']);
        }
        table.dropIndex(['last_server_id', 'last_seen']);
        table.index(['last_server_id', 'last_seen', 'id']);
      }),
    );
  }
}
