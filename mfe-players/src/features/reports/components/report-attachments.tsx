import type { ReportItem } from '@outpost/contracts';
import { Button, Modal, Spinner } from '@outpost/ui';
import { useState } from 'react';
import { apiErrorText } from '../../../shared/utils/api-error';
import { useGetReportRawQuery, useGetReportScreenshotQuery } from '../api/reports.api';

const ScreenshotView = ({ reportId }: { reportId: string }) => {
  const { data, error, isLoading } = useGetReportScreenshotQuery(reportId);
  if (isLoading) return <Spinner label="Loading the screenshot…" showLabel />;
  if (error || !data)
    return (
      <p className="pl-error" role="alert">
        {apiErrorText(error, 'The screenshot could not be loaded')}
      </p>
    );
  return <img className="pl-report-screenshot" src={data} alt="Screenshot sent with the report" />;
};

const RawView = ({ reportId }: { reportId: string }) => {
  const { data, error, isLoading } = useGetReportRawQuery(reportId);
  if (isLoading) return <Spinner label="Loading what was sent…" showLabel />;
  if (error || !data)
    return (
      <p className="pl-error" role="alert">
        {apiErrorText(error, 'What was sent could not be loaded')}
      </p>
    );
  return (
    <>
      <pre className="pl-report-raw" aria-label="What the game sent">
        {data.raw}
      </pre>
      {data.truncated && <p className="pl-muted">Cut short: the panel keeps the first 16 KB.</p>}
    </>
  );
};

/** The screenshot and the payload as the game sent it (reports from the game's reports URL). */
export const ReportAttachments = ({ report }: { report: ReportItem }) => {
  const [open, setOpen] = useState<'screenshot' | 'raw' | null>(null);
  if (!report.hasScreenshot && report.source !== 'endpoint') return null;
  return (
    <div className="pl-row-actions">
      {report.hasScreenshot && (
        <Button variant="secondary" size="sm" onClick={() => setOpen('screenshot')}>
          View screenshot
        </Button>
      )}
      {report.source === 'endpoint' && (
        <Button variant="secondary" size="sm" onClick={() => setOpen('raw')}>
          What the game sent
        </Button>
      )}
      {open && (
        <Modal
          open
          onClose={() => setOpen(null)}
          title={open === 'screenshot' ? 'Report screenshot' : 'What the game sent'}
        >
          {open === 'screenshot' ? <ScreenshotView reportId={report.id} /> : <RawView reportId={report.id} />}
        </Modal>
      )}
    </div>
  );
};
