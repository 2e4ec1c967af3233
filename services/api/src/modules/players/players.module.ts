import { Module } from '@nestjs/common';
import { ModerationService } from './moderation.service';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';

@Module({ controllers: [PlayersController], providers: [PlayersService, ModerationService] })
export class PlayersModule {}
