// The public face of the remotes module: other modules import only what is exported here.
// Which build of each remote the panel serves: set, canaried, promoted and rolled back by the
// operator (`npm run panel -- remotes:*`), read by every instance within seconds.
export { RemotesModule } from './remotes.module';
export { remotesSchema } from './remotes.schema';
export { runRemotesCommand, REMOTES_USAGE } from './remotes-commands';
