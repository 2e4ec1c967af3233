export * from './auth';
export * from './test-app';
export * from './test-database';
