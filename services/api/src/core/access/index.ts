export * from './access.errors';
export * from './access.module';
export * from './access.service';
export * from './route-authorizer';
