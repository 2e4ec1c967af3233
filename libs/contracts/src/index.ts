export * from './routes';
export * from './entities';
export * from './api';
export * from './roles';
export * from './remotes';
export * from './constants';
export * from './audit';
export * from './oauth';
