export * from './auth';
export * from './clock';
export * from './mail';
export * from './test-app';
export * from './test-database';
export * from './oauth-provider';
