import { defineSchema } from '../../core/database';
import { PunishmentRecord } from './punishment.entity';

export const punishmentsSchema = defineSchema({ entities: [PunishmentRecord] });
