export * from './domain-events';
export * from './events.module';
