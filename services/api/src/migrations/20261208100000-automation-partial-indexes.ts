import { SchemaMigration } from '../core/database';

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
    this.addSql('drop index automation_runs_player_index');
    this
      .addSql(`create index automation_runs_player_index on automation_runs (network_id, steam_id, started_at)
      where steam_id is not null`);
    this.addSql('drop index automation_run_actions_command_index');
    this.addSql(`create index automation_run_actions_command_index on automation_run_actions (command_id)
      where command_id is not null`);
    this.addSql('drop index automation_run_actions_network_index');
    this
      .addSql(`create index automation_run_actions_network_index on automation_run_actions (network_id, started_at)
      where started_at is not null`);
  }
}
