import { defineSchema } from '../../core/database';
import { User } from './user.entity';

export const usersSchema = defineSchema({ entities: [User] });
