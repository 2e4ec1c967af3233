export * from './require-plan';
export * from './user.entity';
export * from './users.module';
export * from './users.service';
