// The public face of the reports module: other modules import only what is exported here.
// The F7 reports inbox: from plugin and bridge events and from the game's signed reports URL.
export { reportFromEvent } from './report-from-event';
export { playersOfServerReportsSql } from './report-players';
export { ReportsModule } from './reports.module';
export { ReportRecord } from './report.entity';
export { reportsSchema } from './reports.schema';
export { resolveReportBy } from './report-resolution';
export { ReportsService } from './reports.service';
