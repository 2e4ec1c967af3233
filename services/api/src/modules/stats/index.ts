// The public face of the stats module: other modules import only what is exported here.
// The landing page's public figures.
export { StatsModule } from './stats.module';
