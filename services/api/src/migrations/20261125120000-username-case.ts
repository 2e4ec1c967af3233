import { SchemaMigration } from '../core/database';

/**
 * Usernames are unique without regard to case (the service checks "Raider" against "raider"); the
 * database now holds that too, so two users claiming both at the same moment cannot both win.
 * The same SQL on SQLite and PostgreSQL.
 */
export class UsernameCase20261125120000 extends SchemaMigration {
  override up(): void {
    this.addSql('create unique index if not exists users_username_lower_unique on users (lower(username))');
  }
}
