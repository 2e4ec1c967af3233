import { SchemaMigration } from '../core/database';

/** Each index that becomes partial: its table, its columns, and the column its rows must have. */
const PARTIAL = [
  ['automation_runs_player_index', 'automation_runs', 'network_id, steam_id, started_at', 'steam_id'],
  ['automation_run_actions_command_index', 'automation_run_actions', 'command_id', 'command_id'],
  ['automation_run_actions_network_index', 'automation_run_actions', 'network_id, started_at', 'started_at'],
] as const;

/**
 * Smaller automation indexes (bench/automation: 10,000 schedules due in the same minute). A run
 * names a player only when a player's event caused it, and an action has a command and a start only
 * once it is sent: the indexes on those columns hold only the rows that have them, so storing a
 * burst of schedule runs and their waiting actions writes none of them. Every query they serve
 * compares the column (`steam_id = ?`, `command_id in (…)`, `started_at > ?`), which both
 * databases take as implying it is not null.
 */
export class AutomationPartialIndexes20261208100000 extends SchemaMigration {
  override up(): void {
    for (const [name, table, columns, present] of PARTIAL) {
      this.addSql(`drop index ${name}`);
      this.addSql(`create index ${name} on ${table} (${columns}) where ${present} is not null`);
    }
  }
}
