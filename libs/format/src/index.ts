export * from './time';
export * from './numbers';
export * from './people';
export * from './servers';
export * from './local-input';
export * from './schedule';
