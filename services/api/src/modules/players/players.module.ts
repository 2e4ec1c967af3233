import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { PlayerNotesController } from './player-notes.controller';
import { PlayerNotesService } from './player-notes.service';
import { PlayersController } from './players.controller';
import { PlayersListEntry } from './players-list-entry';
import { PlayersService } from './players.service';
import { PresenceService } from './presence/presence.service';

/**
 * A network's players: the list and profiles (with the staff's notes on a player), and their
 * presence (who is on which server since when), which heartbeats and the offline sweep change
 * through PresenceService. What it reads of punishments comes through the PlayerPunishments port,
 * which the punishments module provides.
 */
@Module({
  imports: [IdentityModule],
  controllers: [PlayersController, PlayerNotesController],
  providers: [PlayersService, PlayerNotesService, PresenceService, PlayersListEntry],
  exports: [PresenceService],
})
export class PlayersModule {}
