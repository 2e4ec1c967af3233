export * from './cluster.module';
export * from './redis-link';
