export * from './simulated-server';
export * from './start-simulated-servers';
export * from './population';
export * from './random';
