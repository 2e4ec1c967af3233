// Every entity the ORM knows. A module that adds an entity lists it here (discovery is explicit:
// no folder scanning, so the same list works from source in tests and from dist in production).
import { AppMeta } from './core/database/app-meta.entity';
import { User } from './modules/users/user.entity';

export const ENTITIES = [AppMeta, User];
