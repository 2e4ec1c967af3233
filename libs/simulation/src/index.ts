export * from './simulated-server';
export * from './start-simulated-servers';
export * from './population';
export * from './random';
export { cheatOf } from './cheaters';
export { CHEAT_KINDS, type CheatKind } from './game-lines';
export type { ResumedPlayer, SimulationResume } from './simulated-world';
