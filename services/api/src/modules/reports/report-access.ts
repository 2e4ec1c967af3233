import type { GrantedAccess, NetworkLocator } from '../../core/auth';
import { ReportRecord } from './report.entity';
import { reportErrors } from './reports.errors';

/** A route about a report: the guard reaches its network through it, and hands it on loaded. */
export type ReportAccess = GrantedAccess<ReportRecord>;

/** `/api/reports/:id/...`: an unknown report and one of another network are the same 404. */
export const reportParam = (key = 'id'): NetworkLocator => ({
  kind: 'report',
  source: 'param',
  key,
  notFound: reportErrors.notFound,
  locate: async (request, em) => {
    const id = String(request.params[key] ?? '');
    const report = id && /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(ReportRecord, { id }) : null;
    return report ? { networkId: report.networkId, subject: report } : null;
  },
});
