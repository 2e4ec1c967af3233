export * from './keyed-queue';
export * from './one-at-a-time';
export * from './periodic-flush';
export * from './advisory-locks';
export * from './at-most';
