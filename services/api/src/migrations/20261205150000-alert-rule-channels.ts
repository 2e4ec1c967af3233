import { SchemaMigration } from '../core/database';

/**
 * Alert rules choose their channels (channel_ids: a JSON list; empty, as every existing rule is,
 * means every channel of the network), and a threshold rule counts its minutes from when it began
 * watching (armed_at: an existing rule's is its creation).
 */
export class AlertRuleChannels20261205150000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('alert_rules', (table) => {
        table.text('channel_ids').notNullable().defaultTo('[]');
        table.timestamp('armed_at', { useTz: true }).nullable();
      }),
    );
    this.addSql('update alert_rules set armed_at = created_at');
  }
}
