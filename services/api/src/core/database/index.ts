export * from './app-meta.entity';
export * from './database-errors';
export * from './database-health';
export * from './database.module';
export * from './migrate';
export * from './orm-options';
export * from './schema-migration';
export * from './sql';
