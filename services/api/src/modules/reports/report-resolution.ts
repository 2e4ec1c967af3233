import type { ReportRecord } from './report.entity';

/**
 * The report is answered by this punishment: it is resolved and names it. In the caller's unit of
 * work (moderation flushes it with the punishment, in one transaction).
 */
export const resolveReportBy = (report: ReportRecord, punishmentId: string): void => {
  report.punishmentId = punishmentId;
  report.state = 'resolved';
};
