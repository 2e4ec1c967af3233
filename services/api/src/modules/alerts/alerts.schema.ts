import { defineSchema } from '../../core/database';
import { AlertChannelRecord } from './entities/alert-channel.entity';
import { AlertDeliveryRecord } from './entities/alert-delivery.entity';
import { AlertReadMark } from './entities/alert-read-mark.entity';
import { AlertRuleRecord } from './entities/alert-rule.entity';
import { AlertRecord } from './entities/alert.entity';

export const alertsSchema = defineSchema({
  entities: [AlertRuleRecord, AlertChannelRecord, AlertRecord, AlertDeliveryRecord, AlertReadMark],
});
