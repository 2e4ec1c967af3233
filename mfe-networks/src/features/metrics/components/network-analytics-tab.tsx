import { useGetNetworkQuery } from '@outpost/api-cache';
import {
  DEFAULT_METRIC_RANGE,
  FREE_METRIC_RANGES,
  isFreeNetwork,
  type NetworkMetrics,
} from '@outpost/contracts';
import { formatShortDateTime } from '@outpost/format';
import { EmptyState, StatCard } from '@outpost/ui';
import { useMemo } from 'react';
import { useExportNetworkMetricsMutation, useGetNetworkMetricsQuery } from '../api/metrics.api';
import { useMetricRange } from '../hooks/use-metric-range';
import { formatUptimePercent } from '../utils/durations';
import { chartColumns } from '../utils/metric-series';
import { RANGE_NAMES } from '../utils/range-names';
import { metricsQueryState } from './metrics-query-state';
import { MetricsToolbar } from './metrics-toolbar';
import { ServerUptimeTable } from './server-uptime-table';
import { TimeChart } from './time-chart';
import '../metrics.css';

/**
 * The network's uptime over the range: the mean of its servers' (those that reported in it), to
 * one decimal; null when none did.
 */
export const networkUptime = (metrics: NetworkMetrics): number | null => {
  const known = metrics.servers.flatMap((server) =>
    server.uptimePercent === null ? [] : [server.uptimePercent],
  );
  if (known.length === 0) return null;
  return Math.round((known.reduce((sum, value) => sum + value, 0) / known.length) * 10) / 10;
};

const dash = (value: number | null) => (value === null ? '—' : value);

export type NetworkAnalyticsTabProps = { networkId: string };

/** The network page's Analytics tab: real averages, peaks and uptime over a range, per server too. */
export default function NetworkAnalyticsTab({ networkId }: NetworkAnalyticsTabProps) {
  const [range, setRange] = useMetricRange(DEFAULT_METRIC_RANGE);
  const args = { networkId, range };
  // A Premium range of a Free network is not asked for (the API would refuse it: 403), nor before
  // the network's plan is known (the page has read it already).
  const network = useGetNetworkQuery(networkId).data;
  const premiumRange = !FREE_METRIC_RANGES.includes(range);
  const premiumOnly = premiumRange && isFreeNetwork(network);
  const query = useGetNetworkMetricsQuery(args, { skip: premiumOnly || (premiumRange && !network) });
  const [exportCsv, exported] = useExportNetworkMetricsMutation();
  const metrics = query.data;
  const body =
    metricsQueryState(
      query,
      {
        premium: `Analytics over ${RANGE_NAMES[range]}`,
        errorTitle: 'Failed to load analytics',
        errorFallback: 'The panel could not read this network’s history.',
        loadingLabel: 'Loading analytics…',
      },
      premiumOnly,
    ) ??
    (metrics && <NetworkFigures metrics={metrics} />);

  return (
    <div className="net-tab met-area">
      <MetricsToolbar
        heading={<h2>Analytics</h2>}
        className="met-toolbar"
        range={range}
        onRangeChange={setRange}
        exportCsv={() => exportCsv(args)}
        exported={exported}
        fileName={`metrics-network-${networkId}-${range}.csv`}
        canDownload={Boolean(query.currentData)}
      />
      <div className="met-body" aria-busy={query.isFetching}>
        {body}
      </div>
    </div>
  );
}

const NetworkFigures = ({ metrics }: { metrics: NetworkMetrics }) => {
  const uptime = networkUptime(metrics);
  const span = useMemo<[number, number]>(
    () => [Date.parse(metrics.from) / 1000, Date.parse(metrics.to) / 1000],
    [metrics.from, metrics.to],
  );
  const columns = useMemo(
    () =>
      chartColumns(metrics.players, metrics.resolutionSeconds, [
        (bucket) => bucket.players,
        (bucket) => bucket.peak,
      ]),
    [metrics.players, metrics.resolutionSeconds],
  );
  const range = RANGE_NAMES[metrics.range];
  return (
    <>
      <div className="net-stats">
        <StatCard label="Average Players" value={dash(metrics.averagePlayers)} hint={`over ${range}`} />
        <StatCard
          label="Peak Players"
          value={dash(metrics.peakPlayers)}
          hint={metrics.peakAt ? `at ${formatShortDateTime(metrics.peakAt)}` : `none in ${range}`}
        />
        <StatCard label="Server Uptime" value={formatUptimePercent(uptime)} hint={`over ${range}`} />
        <StatCard label="Online Servers" value={metrics.onlineServers} />
        <StatCard label="Offline Servers" value={metrics.offlineServers} />
      </div>
      {metrics.servers.length === 0 ? (
        <EmptyState title="No data yet" message="Figures appear once servers are added and report in." />
      ) : (
        <>
          {metrics.players.length > 0 ? (
            <TimeChart
              title="Players on the network"
              columns={columns}
              span={span}
              lines={[
                { label: 'Players', color: '#3b82f6', format: (v) => String(Math.round(v)) },
                { label: 'Peak', color: '#a78bfa', dash: [4, 3], format: (v) => String(Math.round(v)) },
              ]}
            />
          ) : (
            <p className="met-charts__missing">
              No reports charted in {range} yet: a minute is charted once it is complete.
            </p>
          )}
          <ServerUptimeTable servers={metrics.servers} from={metrics.from} to={metrics.to} />
        </>
      )}
    </>
  );
};
