import { BanCheckController } from './ban-check.controller';
import { Module } from '@nestjs/common';
import { CommandsModule } from '../commands/commands.module';
import { ModerationService } from './moderation.service';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';

@Module({
  imports: [CommandsModule],
  controllers: [PlayersController, BanCheckController],
  providers: [PlayersService, ModerationService],
})
export class PlayersModule {}
