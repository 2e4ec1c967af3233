import { SchemaMigration } from '../core/database';

/**
 * An invite gives whoever joins with it a role, member or moderator, chosen when it is made; every
 * invite made before could only make members.
 */
export class InviteRole20261206100000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('invites', (table) => {
        table.string('role', 16).notNullable().defaultTo('member');
      }),
    );
  }
}
