// Rules about a player's state shared by the plugin protocol and the players API. Whether a ban
// holds is the punishments module's rule (punishments/ban-rule.ts).
import type { PlayerRecord, PlayerSession } from './player.entity';

/** Closes a session and adds its whole minutes to the player's playtime. */
export const closeSession = (session: PlayerSession, player: PlayerRecord | null, at: Date): void => {
  if (session.leftAt) return;
  session.leftAt = at;
  if (player)
    player.playtimeMinutes += Math.max(0, Math.floor((at.getTime() - session.joinedAt.getTime()) / 60_000));
};
