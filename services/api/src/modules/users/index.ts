// The public face of the users module: other modules import only what is exported here.
// Users: their profile, plan and the operator's commands.
export * from './user.entity';
export * from './users.module';
export * from './users.service';
export * from './users.schema';
