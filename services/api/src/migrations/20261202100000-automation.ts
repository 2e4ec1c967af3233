import { idColumn, ownedBy, SchemaMigration } from '../core/database';

/**
 * Automation (issue 36): notes on players (an automation's "add a note"; the profile shows them), a network's schedules and triggers, each run (one per automation and
 * occurrence: unique occurrence, so a run is claimed once whichever instance sees its cause), and
 * each run's actions in order with their own outcome. A schedule's next_run_at is its claim: the
 * leader moves it on with a compare-and-set, so a takeover never runs an occurrence twice.
 */
export class Automation20261202100000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema
        .createTable('player_notes', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('steam_id', 20).notNullable();
          table.text('text').notNullable();
          table.string('author_id', 64).notNullable();
          table.string('author_name', 200).notNullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.index(['network_id', 'steam_id', 'created_at'], 'player_notes_player_index');
        })
        .createTable('automations', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          table.string('name', 100).notNullable();
          table.boolean('enabled').notNullable().defaultTo(true);
          table.string('kind', 16).notNullable();
          table.string('trigger_event', 32).nullable();
          table.text('server_ids').nullable();
          table.text('schedule').nullable();
          table.text('trigger').nullable();
          table.integer('cooldown_seconds').notNullable().defaultTo(0);
          table.integer('per_player_cooldown_seconds').notNullable().defaultTo(0);
          table.text('actions').notNullable();
          table.timestamp('next_run_at', { useTz: true }).nullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.timestamp('updated_at', { useTz: true }).notNullable();
          table.index(['network_id', 'created_at'], 'automations_network_index');
          table.index(['next_run_at'], 'automations_next_run_index');
          table.index(['trigger_event', 'network_id'], 'automations_trigger_index');
        })
        .createTable('automation_runs', (table) => {
          idColumn(table);
          ownedBy(table, 'network_id', 'networks');
          ownedBy(table, 'automation_id', 'automations');
          table.string('automation_name', 100).notNullable();
          table.string('server_id', 36).nullable().references('id').inTable('servers').onDelete('CASCADE');
          table.string('server_name', 300).nullable();
          table.string('cause', 32).notNullable();
          table.string('occurrence', 200).notNullable();
          table.string('summary', 500).notNullable();
          table.string('steam_id', 20).nullable();
          table.text('context').notNullable();
          table.string('status', 16).notNullable();
          table.text('reason').nullable();
          table.timestamp('due_at', { useTz: true }).notNullable();
          table.timestamp('started_at', { useTz: true }).notNullable();
          table.timestamp('finished_at', { useTz: true }).nullable();
          table.unique(['automation_id', 'occurrence'], { indexName: 'automation_runs_occurrence_unique' });
          table.index(['automation_id', 'started_at', 'id'], 'automation_runs_automation_index');
          table.index(['network_id', 'steam_id', 'started_at'], 'automation_runs_player_index');
          table.index(['started_at'], 'automation_runs_started_index');
        })
        .createTable('automation_run_actions', (table) => {
          idColumn(table);
          ownedBy(table, 'run_id', 'automation_runs');
          table.string('network_id', 36).notNullable();
          table.integer('position').notNullable();
          table.string('type', 16).notNullable();
          table.text('spec').notNullable();
          table.string('status', 16).notNullable();
          table.integer('delay_seconds').notNullable().defaultTo(0);
          table.boolean('continue_on_failure').notNullable().defaultTo(false);
          table.timestamp('due_at', { useTz: true }).nullable();
          table.text('sent').nullable();
          table.text('detail').nullable();
          table.string('command_id', 36).nullable();
          table.text('refs').notNullable().defaultTo('[]');
          table.timestamp('started_at', { useTz: true }).nullable();
          table.timestamp('finished_at', { useTz: true }).nullable();
          table.unique(['run_id', 'position'], { indexName: 'automation_run_actions_position_unique' });
          table.index(['status', 'due_at'], 'automation_run_actions_due_index');
          table.index(['command_id'], 'automation_run_actions_command_index');
          table.index(['network_id', 'started_at'], 'automation_run_actions_network_index');
        }),
    );
  }
}
