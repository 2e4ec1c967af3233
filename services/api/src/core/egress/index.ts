export * from './egress-rules';
export * from './egress.errors';
export * from './egress-policy';
export * from './egress.module';
