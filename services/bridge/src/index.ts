export * from './bridge';
export * from './config';
export * from './event-spool';
export * from './logger';
