import { SchemaMigration } from '../core/database';

/**
 * Who invited a member: the members list says "invited by" as a fact. Set when a member joins
 * with an invite (its creator); null for owners, the demo user and members who joined before.
 */
export class MembersInvitedBy20261128110000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('network_members', (table) => {
        table.string('invited_by', 64).nullable();
      }),
    );
  }
}
