import { SchemaMigration } from '../core/database';

/**
 * What a server reports through: outpost-bridge's name and version (its User-Agent) and the
 * address its heartbeats come from, shown on the server page. Null for a plugin, or before the
 * first heartbeat that named its agent.
 */
export class ServerAgent20261128120000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('servers', (table) => {
        table.string('agent_name', 64).nullable();
        table.string('agent_version', 32).nullable();
        table.string('agent_address', 64).nullable();
      }),
    );
  }
}
