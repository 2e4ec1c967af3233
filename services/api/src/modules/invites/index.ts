// The public face of the invites module: other modules import only what is exported here.
// A network's invite codes: created, previewed, accepted, revoked.
export { InvitesModule } from './invites.module';
export { invitesSchema } from './invites.schema';
