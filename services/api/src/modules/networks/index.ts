// The public face of the networks module: other modules import only what is exported here.
// Networks: list, create, settings and delete, with their counts.
export { countNetworks, toNetworkDto } from './network-stats';
export { NETWORK_EXAMPLE } from './networks.examples';
export { NetworksModule } from './networks.module';
