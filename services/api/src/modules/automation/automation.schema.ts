import { defineSchema } from '../../core/database';
import { AutomationRecord, AutomationRunActionRecord, AutomationRunRecord } from './automation.entity';

export const automationsSchema = defineSchema({
  entities: [AutomationRecord, AutomationRunRecord, AutomationRunActionRecord],
});
