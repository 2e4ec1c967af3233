// Rules about a player's state shared by the plugin protocol and the players API.
import type { EntityManager } from '@mikro-orm/core';
import type { PlayerRecord, PlayerSession } from './player.entity';
import { PunishmentRecord } from './punishment.entity';

export type ActiveBan = { id: string; reason: string; expiresAt: Date | null };

/** Closes a session and adds its whole minutes to the player's playtime. */
export const closeSession = (session: PlayerSession, player: PlayerRecord | null, at: Date): void => {
  if (session.leftAt) return;
  session.leftAt = at;
  if (player)
    player.playtimeMinutes += Math.max(0, Math.floor((at.getTime() - session.joinedAt.getTime()) / 60_000));
};

/** The bans that hold now (not lifted, not expired) for these players of a network, by steamId. */
export const activeBansOf = async (
  em: EntityManager,
  networkId: string,
  steamIds: readonly string[],
  now: Date,
): Promise<Map<string, ActiveBan>> => {
  if (steamIds.length === 0) return new Map();
  const bans = await em.find(
    PunishmentRecord,
    {
      networkId,
      steamId: { $in: [...steamIds] },
      type: 'ban',
      liftedAt: null,
      $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }],
    },
    { orderBy: { issuedAt: 'desc' } },
  );
  const active = new Map<string, ActiveBan>();
  for (const ban of bans)
    if (!active.has(ban.steamId))
      active.set(ban.steamId, { id: ban.id, reason: ban.reason, expiresAt: ban.expiresAt });
  return active;
};

export const isActiveBan = (punishment: PunishmentRecord, now: Date): boolean =>
  punishment.type === 'ban' &&
  punishment.liftedAt === null &&
  (punishment.expiresAt === null || punishment.expiresAt.getTime() > now.getTime());
