import { Module } from '@nestjs/common';
import { CommandsModule } from '../commands';
import { BanCheckController } from './ban-check.controller';
import { BanListImport } from './banlist-import';
import { BanRelease } from './ban-release';
import { ModerationService } from './moderation.service';
import { PunishmentExpiry } from './punishment-expiry';
import { PlayerActionsController } from './player-actions.controller';
import { PunishmentsController } from './punishments.controller';
import { PunishmentsQuery } from './punishments.query';
import { PunishmentsService } from './punishments.service';

/**
 * Punishments: the kick, warn, ban and unban actions (under the players' paths), the lists, a ban's edit and lift, the game's ban-check URL, the expiry the
 * offline sweep runs, and the import of a server's own ban list. Where a ban holds is ban-rule.ts.
 */
@Module({
  imports: [CommandsModule],
  controllers: [PlayerActionsController, PunishmentsController, BanCheckController],
  providers: [
    ModerationService,
    PunishmentsService,
    PunishmentsQuery,
    BanRelease,
    PunishmentExpiry,
    BanListImport,
  ],
  exports: [ModerationService, PunishmentExpiry, PunishmentsQuery],
})
export class PunishmentsModule {}
