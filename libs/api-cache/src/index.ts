export { skipToken } from '@reduxjs/toolkit/query';
export * from './api';
export * from './live';
export * from './paging';
export * from './networks.api';
export * from './server-connection.api';
export * from './identity.api';
export * from './users.api';
export * from './discord-links.api';
