export * from './config';
export * from './base-query';
export * from './auth-slice';
export * from './store';
export * from './ids';
export * from './session';
export * from './use-demo-session';
export * from './live';
