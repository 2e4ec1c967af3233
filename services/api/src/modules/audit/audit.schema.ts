import { defineSchema } from '../../core/database';
import { AuditEntryRecord } from './audit-entry.entity';

export const auditSchema = defineSchema({ entities: [AuditEntryRecord] });
