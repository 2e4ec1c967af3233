import type { GrantedAccess, NetworkLocator } from '../../core/auth';
import { PunishmentRecord } from './punishment.entity';
import { punishmentErrors } from './punishments.errors';

/** A route about a punishment: the guard reaches its network through it, and hands it on loaded. */
export type PunishmentAccess = GrantedAccess<PunishmentRecord>;

/** `/api/punishments/:id/...`: an unknown punishment and one of another network are the same 404. */
export const punishmentParam = (key = 'id'): NetworkLocator => ({
  kind: 'punishment',
  source: 'param',
  key,
  notFound: punishmentErrors.notFound,
  locate: async (request, em) => {
    const id = String(request.params[key] ?? '');
    const punishment = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(PunishmentRecord, { id }) : null;
    return punishment ? { networkId: punishment.networkId, subject: punishment } : null;
  },
});
