import { SchemaMigration } from '../core/database';

/** When a user was last active: shown on member lists; null for users never seen since. */
export class UsersLastSeen20261122170100 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.alterTable('users', (table) => {
        table.timestamp('last_seen_at', { useTz: true }).nullable();
      }),
    );
  }
}
