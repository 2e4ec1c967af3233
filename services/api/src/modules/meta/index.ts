// The public face of the meta module: other modules import only what is exported here.
// The panel's public client settings.
export { MetaModule } from './meta.module';
