export * from './render-with-providers';
export * from './signed-in';
export * from './fake-http-api';
export * from './route-paths';
