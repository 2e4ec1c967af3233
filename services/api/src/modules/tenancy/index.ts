// The public face of the tenancy module: other modules import only what is exported here.
// The network row every module scopes its data by: a shared entity, so the networks API and the
// modules that hang off a network (members, servers) depend on it and not on each other. The
// networks module writes it.
export { Network } from './network.entity';
