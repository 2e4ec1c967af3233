export * from './keyed-queue';
export * from './one-at-a-time';
export * from './transaction-lock';
