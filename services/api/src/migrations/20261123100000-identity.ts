import { idColumn, ownedBy, SchemaMigration } from '../core/database';

/** Sessions, e-mailed sign-in links and linked provider accounts (issue: sign-in and accounts). */
export class Identity20261123100000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema
        .createTable('sessions', (table) => {
          idColumn(table, 64);
          ownedBy(table, 'user_id', 'users', 64);
          table.string('secret_hash', 64).notNullable().unique();
          table.string('provider', 32).notNullable();
          table.string('provider_name', 32).nullable();
          table.string('ip', 64).nullable();
          table.string('user_agent', 512).nullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.timestamp('expires_at', { useTz: true }).notNullable();
          table.timestamp('last_used_at', { useTz: true }).nullable();
          table.timestamp('ended_at', { useTz: true }).nullable();
          table.index(['user_id']);
        })
        .createTable('magic_tokens', (table) => {
          // No foreign key: the user of an unknown e-mail is created when the link is used.
          idColumn(table, 64);
          table.string('user_id', 64).notNullable();
          table.string('email', 320).notNullable();
          table.string('secret_hash', 64).notNullable().unique();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.timestamp('expires_at', { useTz: true }).notNullable();
          table.timestamp('used_at', { useTz: true }).nullable();
          table.index(['user_id']);
        })
        .createTable('user_identities', (table) => {
          idColumn(table, 64);
          ownedBy(table, 'user_id', 'users', 64);
          table.string('provider', 32).notNullable();
          table.string('provider_user_id', 255).notNullable();
          table.string('email', 320).nullable();
          table.timestamp('created_at', { useTz: true }).notNullable();
          table.unique(['provider', 'provider_user_id']);
          table.index(['user_id']);
        }),
    );
  }
}
