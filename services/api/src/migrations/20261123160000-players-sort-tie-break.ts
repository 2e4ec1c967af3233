import { SchemaMigration } from '../core/database/schema-migration';
import { PLAYER_SORT_COLUMNS } from './20261123120000-players';

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
