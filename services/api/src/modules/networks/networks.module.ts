import { Module } from '@nestjs/common';
import { PlansModule } from '../plans';
import { NetworksController } from './networks.controller';
import { NetworksService } from './networks.service';

@Module({ imports: [PlansModule], controllers: [NetworksController], providers: [NetworksService] })
export class NetworksModule {}
