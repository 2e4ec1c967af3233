// The public face of the automation module: other modules import only what is exported here.
// A network's schedules and triggers, their runs and each action's outcome.
export { AutomationModule } from './automation.module';
export { automationsSchema } from './automation.schema';
