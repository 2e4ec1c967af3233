import { defineSchema } from '../../core/database';
import { ServerEvent } from './server-event.entity';

export const logsSchema = defineSchema({ entities: [ServerEvent] });
