export * from './cache-control';
export * from './serve-web';
export * from './web.module';
export * from './remotes-in-force';
export * from './remote-bucket';
