import type { GrantedAccess, NetworkLocator } from '../../core/auth';
import { Invite } from './invite.entity';
import { inviteErrors } from './invites.errors';

export type InviteAccess = GrantedAccess<Invite>;

/** `/api/invites/:id`: the invite's network; an unknown invite and another network's are one 404. */
export const inviteParam = (key = 'id'): NetworkLocator => ({
  kind: 'invite',
  source: 'param',
  key,
  notFound: inviteErrors.notFound,
  locate: async (request, em) => {
    const id = request.params[key];
    const invite = id ? await em.findOne(Invite, { id }) : null;
    return invite ? { networkId: invite.networkId, subject: invite } : null;
  },
});
