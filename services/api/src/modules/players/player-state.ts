// Rules about a player's state: presence (heartbeats, the offline sweep) and moderation (bans
// issued, lifted, expired, imported) both set it through these. Whether a ban holds is the
// punishments module's rule, asked through the PlayerPunishments port.
import type { PlayerStatus } from '@outpost/contracts';
import type { PlayerRecord, PlayerSession } from './player.entity';

/** A player's status: banned while a ban holds where it counts, else online on a server or offline. */
export const playerStatusOf = (onServer: boolean, banned: boolean): PlayerStatus =>
  banned ? 'banned' : onServer ? 'online' : 'offline';

/** The one writer of a player's status (after their current server is set). */
export const settlePlayerStatus = (
  player: Pick<PlayerRecord, 'status' | 'currentServerId'>,
  banned: boolean,
): void => {
  player.status = playerStatusOf(player.currentServerId !== null, banned);
};

/** Closes a session and adds its whole minutes to the player's playtime. */
export const closeSession = (session: PlayerSession, player: PlayerRecord | null, at: Date): void => {
  if (session.leftAt) return;
  session.leftAt = at;
  if (player)
    player.playtimeMinutes += Math.max(0, Math.floor((at.getTime() - session.joinedAt.getTime()) / 60_000));
};
