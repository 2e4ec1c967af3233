import { REPORT_STATE_LABELS, type ReportItem, type ReportState } from '@outpost/contracts';
import { formatDateTime, formatLastSeen } from '@outpost/format';
import { Badge, type BadgeTone } from '@outpost/ui';
import { Fragment, useId } from 'react';
import { ReportDetail, type ReportDetailProps } from './report-detail';
import { ReportFacts, ReportParties } from './report-summary';

const STATE_TONES: Record<ReportState, BadgeTone> = {
  new: 'warning',
  reviewing: 'info',
  resolved: 'success',
  dismissed: 'neutral',
};

export type ReportsTableProps = Omit<ReportDetailProps, 'report'> & {
  reports: readonly ReportItem[];
  /** The network's list names each report's server. */
  networkView: boolean;
  /** The report whose detail is open under its row. */
  openId: string | null;
  onToggle: (reportId: string) => void;
  busy?: boolean;
};

/** Newest first; a report's subject opens its detail right under it (and closes it again). */
export const ReportsTable = ({
  reports,
  networkView,
  openId,
  onToggle,
  busy = false,
  ...detail
}: ReportsTableProps) => {
  const baseId = useId();
  const columns = networkView ? 7 : 6;
  return (
    <div className="pl-table-wrap">
      <table className="pl-table" aria-label="Reports" aria-busy={busy || undefined}>
        <thead>
          <tr>
            <th scope="col">Report</th>
            <th scope="col">Reporter → Target</th>
            <th scope="col">Message</th>
            {networkView && <th scope="col">Server</th>}
            <th scope="col">When</th>
            <th scope="col">State</th>
            <th scope="col">Assignee</th>
          </tr>
        </thead>
        <tbody>
          {reports.map((report) => {
            const open = report.id === openId;
            const detailId = `${baseId}-${report.id}`;
            return (
              <Fragment key={report.id}>
                <tr className={open ? 'pl-row--open' : undefined}>
                  <td>
                    <button
                      type="button"
                      className="pl-player-link"
                      aria-expanded={open}
                      aria-controls={open ? detailId : undefined}
                      onClick={() => onToggle(report.id)}
                    >
                      {report.subject || 'No subject'}
                    </button>
                    {report.category && <div className="pl-muted">{report.category}</div>}
                  </td>
                  <td>
                    <ReportParties networkId={detail.networkId} report={report} />
                  </td>
                  <td className="pl-wrap">
                    <ReportFacts report={report} />
                  </td>
                  {networkView && <td>{report.serverName ?? '—'}</td>}
                  <td>
                    <time dateTime={report.reportedAt} title={formatDateTime(report.reportedAt)}>
                      {formatLastSeen(report.reportedAt)}
                    </time>
                  </td>
                  <td>
                    <Badge tone={STATE_TONES[report.state]}>{REPORT_STATE_LABELS[report.state]}</Badge>
                  </td>
                  <td>{report.assignee?.name ?? '—'}</td>
                </tr>
                {open && (
                  <tr id={detailId} className="pl-row-detail">
                    <td colSpan={columns}>
                      <ReportDetail {...detail} report={report} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};
