// The public face of the players module: other modules import only what is exported here.
// A network's players: the list, profiles and presence (who is on which server since when, and the
// one writer of a player's status). What it reads of punishments comes through the PlayerPunishments
// port.
export { PlayerPunishments } from './player-punishments.port';
export type { HeldBan, HeldBansQuery } from './player-punishments.port';
export { settlePlayerStatus } from './player-state';
export { addKillsToTotals } from './player-stats';
export { PlayersModule } from './players.module';
export { playerErrors } from './players.errors';
export { PresenceService } from './presence/presence.service';
export { groupsOf, LAST_SEEN_REFRESH_MS } from './presence/roster-player';
export { PlayerRecord } from './player.entity';
export { playersSchema } from './players.schema';
export { firstTimers, knownPlayers } from './known-players';
export { playersOnline } from './online-players';
export type { OnlinePlayer } from './online-players';
export type { NamedPlayer } from './known-players';
export { addPlayerNote, notesOf } from './player-notes';
export type { NewPlayerNote } from './player-notes';
