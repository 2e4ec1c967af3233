import type { GrantedAccess, NetworkLocator } from '../../core/auth';
import { PunishmentRecord } from './punishment.entity';

export const PUNISHMENT_NOT_FOUND_MESSAGE = 'Punishment not found';

/** A route about a punishment: the guard reaches its network through it, and hands it on loaded. */
export type PunishmentAccess = GrantedAccess<PunishmentRecord>;

/** `/api/punishments/:id/...`: an unknown punishment and one of another network are the same 404. */
export const punishmentParam = (key = 'id'): NetworkLocator => ({
  kind: 'punishment',
  source: 'param',
  key,
  notFoundMessage: PUNISHMENT_NOT_FOUND_MESSAGE,
  locate: async (request, em) => {
    const id = String(request.params[key] ?? '');
    const punishment = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(PunishmentRecord, { id }) : null;
    return punishment ? { networkId: punishment.networkId, subject: punishment } : null;
  },
});
