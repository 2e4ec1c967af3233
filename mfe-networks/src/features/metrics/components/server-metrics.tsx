import {
  DEFAULT_METRIC_RANGE,
  FREE_METRIC_RANGES,
  isFreeNetwork,
  type Network,
  type Server,
  type ServerMetrics as ServerMetricsData,
} from '@outpost/contracts';
import { EmptyState } from '@outpost/ui';
import { useExportServerMetricsMutation, useGetServerMetricsQuery } from '../api/metrics.api';
import { useMetricRange } from '../hooks/use-metric-range';
import { formatUptimePercent, uptimeSpanNote } from '../utils/durations';
import { RANGE_NAMES } from '../utils/range-names';
import { MetricsCharts } from './metrics-charts';
import { metricsQueryState } from './metrics-query-state';
import { MetricsToolbar } from './metrics-toolbar';
import { OutageList } from './outage-list';
import { PlayersHeatmap } from './players-heatmap';

export type ServerMetricsProps = { server: Server; network: Network };

/** A server's Metrics area: the range switch, its charts, uptime and outages, and the week's heatmap. */
export const ServerMetrics = ({ server, network }: ServerMetricsProps) => {
  // None chosen: the API answers the range that fits the server's history (an hour while it is new).
  const [chosen, setRange] = useMetricRange();
  const args = { serverId: server.id, range: chosen };
  // A Premium range of a Free network is not asked for: the API would refuse it (403).
  const free = isFreeNetwork(network);
  const premiumOnly = free && chosen !== undefined && !FREE_METRIC_RANGES.includes(chosen);
  const query = useGetServerMetricsQuery(args, { skip: premiumOnly });
  const [exportCsv, exported] = useExportServerMetricsMutation();
  // While another range loads, the last one stays on screen (dimmed) instead of a spinner.
  const metrics = query.data;
  const range = chosen ?? query.currentData?.range;
  const body =
    metricsQueryState(
      query,
      {
        premium: `History over ${RANGE_NAMES[range ?? DEFAULT_METRIC_RANGE]}`,
        errorTitle: 'Failed to load metrics',
        errorFallback: 'The panel could not read this server’s history.',
        loadingLabel: 'Loading metrics…',
      },
      premiumOnly,
    ) ??
    (metrics && <ServerFigures server={server} metrics={metrics} />);

  return (
    <div className="met-area">
      {/* The server frame names the area (its heading "Metrics"); the toolbar only acts. */}
      <MetricsToolbar
        className="met-toolbar met-toolbar--end"
        range={range}
        onRangeChange={setRange}
        exportCsv={() => exportCsv({ serverId: server.id, range })}
        exported={exported}
        fileName={`metrics-${server.name || server.id}-${range ?? ''}.csv`}
        canDownload={Boolean(query.currentData)}
      />
      <div
        className="met-body"
        aria-busy={query.isFetching}
        data-stale={query.isFetching && metrics !== query.currentData}
      >
        {body}
      </div>
      <WeekHeatmap serverId={server.id} free={free} />
    </div>
  );
};

/** A server's figures over the range: its charts, then its uptime and outages. */
type ServerFiguresProps = { server: Server; metrics: ServerMetricsData };

const ServerFigures = ({ server, metrics }: ServerFiguresProps) => {
  const { range } = metrics;
  const spanNote = uptimeSpanNote(metrics);
  if (metrics.points.length === 0 && metrics.uptimePercent === null)
    return (
      <EmptyState
        title="No reports yet"
        message={`No reports yet in ${RANGE_NAMES[range]}: charts appear about a minute after the server first reports to the panel.`}
      />
    );
  return (
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
          {spanNote ? (
            // A server newer than the range: its uptime covers the time it has reported, and says so.
            <>
              Uptime: <strong>{formatUptimePercent(metrics.uptimePercent)}</strong> {spanNote}
            </>
          ) : (
            <>
              Uptime over {RANGE_NAMES[range]}: <strong>{formatUptimePercent(metrics.uptimePercent)}</strong>
            </>
          )}
          {' · '}
          {metrics.outages.length === 1 ? '1 outage' : `${metrics.outages.length} outages`}
        </p>
        <OutageList outages={metrics.outages} label={`Outages of ${server.name}`} />
      </section>
    </>
  );
};

/** The heatmap's own read of 30 days (shared with the 30 d charts: one request for both). */
const WeekHeatmap = ({ serverId, free }: { serverId: string; free: boolean }) => {
  const query = useGetServerMetricsQuery({ serverId, range: '30d' }, { skip: free });
  const body =
    metricsQueryState(
      query,
      {
        premium: 'The week’s heatmap (30 days)',
        errorTitle: 'Failed to load the week',
        errorFallback: '',
        loadingLabel: 'Loading the week…',
      },
      free,
    ) ??
    (query.data?.points.length === 0 ? (
      <p className="met-charts__missing">No reports yet in the last 30 days.</p>
    ) : (
      query.data && <PlayersHeatmap points={query.data.points} />
    ));
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
