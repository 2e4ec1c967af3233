// The public face of the suspicious module: other modules import only what is exported here.
// An explainable suspicious-activity score per player (Premium), its weights and its reviews.
export { parseAntiHackLine } from './antihack-line';
export type { AntiHackLine } from './antihack-line';
export { SuspiciousModule } from './suspicious.module';
export { suspiciousSchema } from './suspicious.schema';
export { SuspiciousService } from './suspicious.service';
