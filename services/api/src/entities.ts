// Every entity the ORM knows. A module that adds an entity lists it here (discovery is explicit:
// no folder scanning, so the same list works from source in tests and from dist in production).
import { AppMeta } from './core/database/app-meta.entity';
import { MagicToken } from './modules/identity/magic-token.entity';
import { Session } from './modules/identity/session.entity';
import { UserIdentity } from './modules/identity/user-identity.entity';
import { User } from './modules/users/user.entity';

export const ENTITIES = [AppMeta, User, Session, MagicToken, UserIdentity];
