import type { Punishment, PunishmentItem } from '@outpost/contracts';
import { banStateOf } from './ban-rule';
import type { PunishmentRecord } from './punishment.entity';

/** A punishment as a player's profile lists it. */
export const toPunishmentDto = (
  punishment: PunishmentRecord,
  servers: ReadonlyMap<string, string>,
  now: Date,
): Punishment => ({
  id: punishment.id,
  type: punishment.type,
  reason: punishment.reason,
  issuedBy: punishment.issuedByName,
  issuedAt: punishment.issuedAt.toISOString(),
  expiresAt: punishment.expiresAt?.toISOString() ?? null,
  active: banStateOf(punishment, now) === 'active',
  serverId: punishment.serverId,
  serverName: punishment.serverId ? (servers.get(punishment.serverId) ?? null) : null,
});

/** What the Punishments list needs of a row. */
export type PunishmentListRow = Pick<
  PunishmentRecord,
  | 'id'
  | 'type'
  | 'steamId'
  | 'reason'
  | 'issuedById'
  | 'issuedByName'
  | 'issuedAt'
  | 'expiresAt'
  | 'liftedAt'
  | 'scope'
  | 'serverId'
> & { playerName: string | null; serverName: string | null };

/** A row of the Punishments area, its state and time left at `now`. */
export const toPunishmentItem = (row: PunishmentListRow, now: Date): PunishmentItem => {
  const state = banStateOf(row, now);
  return {
    id: row.id,
    kind: row.type === 'unban' ? 'ban' : row.type,
    player: { steamId: row.steamId, name: row.playerName },
    reason: row.reason,
    issuedBy: row.issuedByName ? { id: row.issuedById ?? '', name: row.issuedByName } : null,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    timeLeftSeconds:
      state === 'active' && row.expiresAt
        ? Math.max(0, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000))
        : null,
    liftedAt: row.liftedAt?.toISOString() ?? null,
    scope: row.scope,
    serverId: row.serverId,
    serverName: row.serverName,
    state,
  };
};
