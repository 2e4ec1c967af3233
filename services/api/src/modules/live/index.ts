// The public face of the live module: other modules import only what is exported here.
// The live stream (GET /api/live): domain events filtered per user, role and network.
export { LiveModule } from './live.module';
