import { defineSchema } from '../../core/database';
import { CommandRecord } from './command.entity';

export const commandsSchema = defineSchema({ entities: [CommandRecord] });
