import { SchemaMigration } from '../core/database';

/**
 * Player search by the start of a name (PostgreSQL), the usual way a moderator types one: a prefix
 * index on the lower-case name streams the matches in order, where the trigram index must build
 * its whole bitmap first (tens of milliseconds for a common start at a million players).
 */
export class PlayersNamePrefix20261124100000 extends SchemaMigration {
  override up(): void {
    if (this.dialect !== 'postgresql') return;
    this.addSql(
      'create index if not exists players_network_name_prefix on players (network_id, lower(display_name) text_pattern_ops)',
    );
  }
}
