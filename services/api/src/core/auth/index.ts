export * from './access.decorators';
export * from './access.guard';
export * from './auth.module';
export * from './auth-user';
export * from './demo-read-only';
export * from './route-audit';
export * from './session-cookie-name';
export * from './session-cookie-auth';
