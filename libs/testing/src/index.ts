export * from './render-with-providers';
export * from './signed-in';
