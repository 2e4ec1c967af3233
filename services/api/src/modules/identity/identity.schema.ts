import { defineSchema } from '../../core/database';
import { MagicToken } from './magic-token.entity';
import { Session } from './session.entity';
import { UserIdentity } from './user-identity.entity';

export const identitySchema = defineSchema({ entities: [Session, MagicToken, UserIdentity] });
