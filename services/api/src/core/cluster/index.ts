export * from './cluster.module';
export * from './redis-link';
export * from './leadership';
export * from './leadership-roles';
export * from './leadership-leases';
