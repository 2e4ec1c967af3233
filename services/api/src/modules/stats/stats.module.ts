import { Module } from '@nestjs/common';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/** Public aggregate figures for the landing page. */
@Module({ controllers: [StatsController], providers: [StatsService] })
export class StatsModule {}
