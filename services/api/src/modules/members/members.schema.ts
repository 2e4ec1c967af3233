import { defineSchema } from '../../core/database';
import { NetworkMember } from './member.entity';

export const membersSchema = defineSchema({ entities: [NetworkMember] });
