import { SchemaMigration } from '../core/database';

/**
 * What an agent (outpost-bridge) says of its RCON connection to the game server (POST
 * /api/plugin/v1/agent-state): its state, why (agent_detail), since when by its clock
 * (agent_state_since), and when the panel heard it (agent_state_at), so a bridge the game refuses
 * shows as refused rather than as a server that never came.
 */
export class ServerAgentState20261204110000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('servers', (table) => {
        table.string('agent_state', 16).nullable();
        table.string('agent_detail', 500).nullable();
        table.timestamp('agent_state_since', { useTz: true }).nullable();
        table.timestamp('agent_state_at', { useTz: true }).nullable();
      }),
    );
  }
}
