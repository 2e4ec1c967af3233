// The public face of the alerts module: other modules import only what is exported here.
// Alert rules, channels, the incidents they fire and their deliveries, and the header's bell.
export { AlertsModule } from './alerts.module';
export { AlertsClock } from './alerts-clock';
export { AlertChannelRecord } from './entities/alert-channel.entity';
export { AlertDeliveryRecord } from './entities/alert-delivery.entity';
export { AlertReadMark } from './entities/alert-read-mark.entity';
export { AlertRecord } from './entities/alert.entity';
export { AlertRuleRecord } from './entities/alert-rule.entity';
