import { SchemaMigration } from '../core/database';

/**
 * The live map (issue 28). map_worlds: each server's world (size, seed, map name) and where its
 * players stood at its latest heartbeat, as JSON, overwritten by each flush. map_positions: the
 * trails, at most one point per player per 10 s, kept 15 minutes (the leader deletes older ones
 * every minute). Both are written in batches a few seconds after the heartbeats, so they have no
 * foreign key (a server deleted meanwhile must not fail its neighbours' rows; the map module
 * deletes a deleted server's rows). map_images: the map image an owner or admin uploaded, its
 * bytes in the database so every panel instance serves it (written at once: a foreign key).
 * Times are epoch milliseconds (bigint), the same on SQLite and PostgreSQL.
 */
export class Map20261201110000 extends SchemaMigration {
  override up(): void {
    this.schema((schema) =>
      schema.createTable('map_worlds', (table) => {
        table.string('server_id', 36).primary();
        table.string('network_id', 36).notNullable();
        table.integer('world_size').nullable();
        table.bigInteger('seed').nullable();
        table.string('map_name', 200).nullable();
        table.bigInteger('reported_at').notNullable();
        table.text('players').notNullable();
      }),
    );
    this.schema((schema) =>
      schema.createTable('map_positions', (table) => {
        table.string('server_id', 36).notNullable();
        table.string('steam_id', 32).notNullable();
        table.bigInteger('at').notNullable();
        table.double('x').notNullable();
        table.double('z').notNullable();
        table.primary(['server_id', 'steam_id', 'at']);
        table.index(['at'], 'map_positions_at_index');
      }),
    );
    this.schema((schema) =>
      schema.createTable('map_images', (table) => {
        table.string('server_id', 36).primary().references('id').inTable('servers').onDelete('CASCADE');
        table.string('network_id', 36).notNullable();
        table.string('content_type', 32).notNullable();
        table.integer('width').notNullable();
        table.integer('height').notNullable();
        table.integer('bytes').notNullable();
        table.binary('data').notNullable();
        table.bigInteger('uploaded_at').notNullable();
      }),
    );
  }
}
