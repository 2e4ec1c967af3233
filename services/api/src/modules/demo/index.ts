// The public face of the demo module: other modules import only what is exported here.
// The read-only demo: its user, its network and the simulated servers that feed it.
export { findDemoNetwork } from './demo-network';
export { DemoModule } from './demo.module';
export { DemoService } from './demo.service';
