export * from './live-slice';
export * from './live-connection';
export * from './use-live-stream';
