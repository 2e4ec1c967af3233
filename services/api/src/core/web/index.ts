export * from './cache-control';
export * from './serve-web';
export * from './web.module';
