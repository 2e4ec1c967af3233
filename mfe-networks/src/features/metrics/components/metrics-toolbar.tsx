import { isPlanRequired, paths, type MetricRange } from '@outpost/contracts';
import { Button } from '@outpost/ui';
import { Link } from '@outpost/router';
import type { ReactNode } from 'react';
import { downloadCsv } from '../../../shared/utils/download';
import { errorMessage } from '../../../shared/utils/error-message';
import { RangeSwitch } from './range-switch';

export type MetricsToolbarProps = {
  /** The area's heading, when the page around it does not name it already. */
  heading?: ReactNode;
  className: string;
  /** Undefined while a server's fitting range is on its way (none is checked yet). */
  range: MetricRange | undefined;
  onRangeChange: (range: MetricRange) => void;
  /** Asks the API for the CSV of the range on screen, as the export mutation's trigger answers. */
  exportCsv: () => Promise<{ data?: unknown }>;
  exported: { isLoading: boolean; isError: boolean; error?: unknown };
  fileName: string;
  /** Only once the range's figures are on screen. */
  canDownload: boolean;
};

/** The range switch and "Download CSV", with why a download failed (and Upgrade, on a Free plan). */
export const MetricsToolbar = ({
  heading,
  className,
  range,
  onRangeChange,
  exportCsv,
  exported,
  fileName,
  canDownload,
}: MetricsToolbarProps) => {
  const onDownload = async () => {
    const result = await exportCsv();
    if ('data' in result && typeof result.data === 'string') downloadCsv(result.data, fileName);
  };

  return (
    <>
      <div className={className}>
        {heading}
        <RangeSwitch value={range} onChange={onRangeChange} />
        <Button
          variant="secondary"
          onClick={() => void onDownload()}
          disabled={exported.isLoading || !canDownload}
        >
          {exported.isLoading ? 'Downloading…' : 'Download CSV'}
        </Button>
      </div>
      {exported.isError && (
        <p role="alert" className="met-toolbar__error">
          {errorMessage(exported.error, 'The CSV could not be downloaded.')}
          {isPlanRequired(exported.error) && (
            <>
              {' '}
              <Link to={paths.plan()}>Upgrade</Link>
            </>
          )}
        </p>
      )}
    </>
  );
};
