export * from './keyed-queue';
export * from './transaction-lock';
