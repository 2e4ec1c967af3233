// The public face of the identity module: other modules import only what is exported here.
// Sign-in and sessions (Appwrite's Account API under /v1): magic links, OAuth, JWTs.
export { IdentityModule } from './identity.module';
export { MagicToken } from './magic-token.entity';
export { MailerService } from './mailer.service';
export type { Mail } from './mailer.service';
export { Session } from './session.entity';
export { SessionsService } from './sessions.service';
export { UserIdentity } from './user-identity.entity';
