export * from './config';
export * from './base-query';
export * from './api';
export * from './auth-slice';
export * from './store';
export * from './identity.api';
export * from './ids';
