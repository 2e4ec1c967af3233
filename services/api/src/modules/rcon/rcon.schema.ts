import { defineSchema } from '../../core/database';
import { ServerRcon } from './server-rcon.entity';

export const rconSchema = defineSchema({ entities: [ServerRcon] });
