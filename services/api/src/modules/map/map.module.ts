import { Module } from '@nestjs/common';
import { PlansModule } from '../plans';
import { ServersModule } from '../servers';
import { MapRetention } from './map-retention.service';
import { MapController } from './map.controller';
import { MapService } from './map.service';
import { PositionCollector } from './position-collector.service';

/**
 * The live map: where each server's players stand and their 15-minute trails (map_worlds,
 * map_positions, gathered from `server.positions`), and the map image owners and admins upload
 * (map_images); written only here. Premium.
 */
@Module({
  imports: [ServersModule, PlansModule],
  controllers: [MapController],
  providers: [MapService, MapRetention, PositionCollector],
})
export class MapModule {}
