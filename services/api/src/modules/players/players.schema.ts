import { defineSchema } from '../../core/database';
import { PlayerNoteRecord } from './player-note.entity';
import { PlayerIp, PlayerRecord, PlayerSession } from './player.entity';

export const playersSchema = defineSchema({
  entities: [PlayerRecord, PlayerSession, PlayerIp, PlayerNoteRecord],
});
