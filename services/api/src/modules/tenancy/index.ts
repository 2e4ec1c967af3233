// The public face of the tenancy module: other modules import only what is exported here.
// The network row every module scopes its data by: a shared entity, so the networks API and the
// modules that hang off a network (members, servers) depend on it and not on each other. Its
// writes are here (network-rows.ts): the networks API, the demo and the players' total call them.
export { Network } from './network.entity';
export { addToPlayerTotal, changeNetwork, createNetwork, deleteNetwork } from './network-rows';
export type { NetworkChanges } from './network-rows';
export { tenancySchema } from './tenancy.schema';
