export * from './live-bus';
export * from './in-process-live-bus';
export * from './live.module';
