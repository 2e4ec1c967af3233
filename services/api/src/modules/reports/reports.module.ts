import { Module } from '@nestjs/common';
import { ReportsController } from './reports.controller';
import { ReportsEndpointController } from './reports-endpoint.controller';
import { ReportsQuery } from './reports.query';
import { ReportsService } from './reports.service';

/**
 * The F7 reports inbox (issue 19): reports from the plugin or bridge (stored with their event by the
 * plugin module, report-from-event.ts) and from the game's signed reports URL; the lists, a
 * report's state, assignee and notes. Punishing from a report is the moderation call's `reportId`.
 */
@Module({
  controllers: [ReportsController, ReportsEndpointController],
  providers: [ReportsService, ReportsQuery],
  exports: [ReportsQuery, ReportsService],
})
export class ReportsModule {}
