import { Module } from '@nestjs/common';
import { PunishmentsModule } from '../punishments/punishments.module';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';

@Module({
  imports: [PunishmentsModule],
  controllers: [PlayersController],
  providers: [PlayersService],
})
export class PlayersModule {}
