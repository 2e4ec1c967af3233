import { defineSchema } from '../../core/database';
import { Invite } from './invite.entity';

export const invitesSchema = defineSchema({ entities: [Invite] });
