// The public face of the invites module: other modules import only what is exported here.
// A network's invite codes: created, previewed, accepted, revoked.
export { Invite } from './invite.entity';
export { InvitesModule } from './invites.module';
