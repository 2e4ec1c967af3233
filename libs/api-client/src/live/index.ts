// The connection itself (live-connection.ts) is not exported: useLiveStream loads it on demand.
export * from './live-slice';
export * from './use-live-stream';
