export * from './live-bus';
export * from './in-process-live-bus';
export * from './redis-live-bus';
export * from './live.module';
