import { defineSchema } from '../../core/database';
import { PlayerIp, PlayerRecord, PlayerSession } from './player.entity';

export const playersSchema = defineSchema({ entities: [PlayerRecord, PlayerSession, PlayerIp] });
