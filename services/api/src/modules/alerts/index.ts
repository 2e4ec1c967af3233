// The public face of the alerts module: other modules import only what is exported here.
// Alert rules, channels, the incidents they fire and their deliveries, and the header's bell.
export { AlertsModule } from './alerts.module';
export { AlertsClock } from './alerts-clock';
export { alertsSchema } from './alerts.schema';
export { AutomationNotices } from './automation-notices';
export { ChannelsService } from './channels.service';
export type { AutomationNotice, NoticeOutcome } from './automation-notices';
export { RulesService } from './rules.service';
