import { isPlanRequired, paths, type Server } from '@outpost/contracts';
import { Button, EmptyState, ErrorState, PremiumRequired, Spinner } from '@outpost/ui';
import { Link } from '@outpost/router';
import { errorMessage } from '../../../shared/utils/error-message';
import { useExportServerMetricsMutation, useGetServerMetricsQuery } from '../api/metrics.api';
import { useMetricRange } from '../hooks/use-metric-range';
import { downloadText } from '../utils/download';
import { formatUptimePercent } from '../utils/durations';
import { RANGE_NAMES } from '../utils/range-names';
import { MetricsCharts } from './metrics-charts';
import { OutageList } from './outage-list';
import { PlayersHeatmap } from './players-heatmap';
import { RangeSwitch } from './range-switch';

export type ServerMetricsProps = { server: Server };

/** A server's Metrics area: the range switch, its charts, uptime and outages, and the week's heatmap. */
export const ServerMetrics = ({ server }: ServerMetricsProps) => {
  const [range, setRange] = useMetricRange();
  const args = { serverId: server.id, range };
  const query = useGetServerMetricsQuery(args);
  const [exportCsv, exported] = useExportServerMetricsMutation();
  const onDownload = async () => {
    const result = await exportCsv(args);
    if ('data' in result && typeof result.data === 'string')
      downloadText(result.data, `metrics-${server.name || server.id}-${range}.csv`);
  };
  // While another range loads, the last one stays on screen (dimmed) instead of a spinner.
  const metrics = query.data;
  const failed = query.isError && !query.isFetching;

  let body;
  if (failed && isPlanRequired(query.error))
    body = <PremiumRequired feature="metricsHistory" what={`History over ${RANGE_NAMES[range]}`} />;
  else if (failed)
    body = (
      <ErrorState
        title="Failed to load metrics"
        message={errorMessage(query.error, 'The panel could not read this server’s history.')}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!metrics) body = <Spinner label="Loading metrics…" showLabel />;
  else if (metrics.points.length === 0 && metrics.uptimePercent === null)
    body = (
      <EmptyState
        title="No reports yet"
        message={`No reports yet in ${RANGE_NAMES[range]}: charts appear about a minute after the server first reports to the panel.`}
      />
    );
  else
    body = (
      <>
        {metrics.points.length > 0 ? (
          <MetricsCharts metrics={metrics} />
        ) : (
          <p className="met-charts__missing">
            No reports charted in {RANGE_NAMES[range]} yet: a minute is charted once it is complete (about a
            minute after it ends).
          </p>
        )}
        <section className="met-uptime" aria-labelledby="met-uptime-title">
          <h3 id="met-uptime-title">Uptime</h3>
          <p>
            Uptime over {RANGE_NAMES[range]}: <strong>{formatUptimePercent(metrics.uptimePercent)}</strong>
            {' · '}
            {metrics.outages.length === 1 ? '1 outage' : `${metrics.outages.length} outages`}
          </p>
          <OutageList outages={metrics.outages} label={`Outages of ${server.name}`} />
        </section>
      </>
    );

  return (
    <div className="met-area">
      {/* The server frame names the area (its heading "Metrics"); the toolbar only acts. */}
      <div className="met-toolbar met-toolbar--end">
        <RangeSwitch value={range} onChange={setRange} />
        <Button
          variant="secondary"
          onClick={() => void onDownload()}
          disabled={exported.isLoading || !query.currentData}
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
      <div
        className="met-body"
        aria-busy={query.isFetching}
        data-stale={query.isFetching && metrics !== query.currentData}
      >
        {body}
      </div>
      <WeekHeatmap serverId={server.id} />
    </div>
  );
};

/** The heatmap's own read of 30 days (shared with the 30 d charts: one request for both). */
const WeekHeatmap = ({ serverId }: { serverId: string }) => {
  const query = useGetServerMetricsQuery({ serverId, range: '30d' });
  const failed = query.isError && !query.isFetching;
  let body;
  if (failed && isPlanRequired(query.error))
    body = <PremiumRequired feature="metricsHistory" what="The week’s heatmap (30 days)" />;
  else if (failed)
    body = (
      <ErrorState
        title="Failed to load the week"
        message={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!query.data) body = <Spinner label="Loading the week…" showLabel />;
  else if (query.data.points.length === 0)
    body = <p className="met-charts__missing">No reports yet in the last 30 days.</p>;
  else body = <PlayersHeatmap points={query.data.points} />;
  return (
    <section className="met-week" aria-labelledby="met-week-title">
      <h3 id="met-week-title">Players by hour of week</h3>
      <p className="met-week__hint">
        The last 30 days in your local time: quiet hours suit a restart or a wipe.
      </p>
      {body}
    </section>
  );
};
