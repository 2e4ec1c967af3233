export * from './access.module';
export * from './access.service';
