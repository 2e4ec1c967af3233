// The public face of the identity module: other modules import only what is exported here.
// Sign-in and sessions (Appwrite's Account API under /v1): magic links, OAuth, JWTs.
export { IdentityModule } from './identity.module';
export { MailerService } from './mailer.service';
export type { Mail } from './mailer.service';
export { SessionsService } from './sessions.service';
export { HeaderUsers } from './header-users';
export { identitySchema } from './identity.schema';
export { userIdOfProviderAccount } from './provider-accounts';
