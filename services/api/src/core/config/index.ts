export * from './app-config';
export * from './config-docs';
export * from './identity-config';
export * from './config.module';
export * from './load-config';
export * from './paths';
export * from './log-levels';
