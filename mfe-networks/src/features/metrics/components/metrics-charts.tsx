import type { ServerMetrics } from '@outpost/contracts';
import { useMemo } from 'react';
import {
  avg,
  chartColumns,
  FIGURE_NAMES,
  OPTIONAL_FIGURES,
  outageSpans,
  reports,
} from '../utils/metric-series';
import { TimeChart } from './time-chart';

const COLORS = {
  players: '#3b82f6',
  capacity: '#9ca3af',
  queue: '#f59e0b',
  fps: '#22c55e',
  entities: '#a78bfa',
  memory: '#38bdf8',
  networkIn: '#22c55e',
  networkOut: '#f472b6',
} as const;

const whole = (value: number) => String(Math.round(value));
const kib = (bytesPerSecond: number) => `${(bytesPerSecond / 1024).toFixed(1)} KB/s`;

export type MetricsChartsProps = { metrics: ServerMetrics };

/**
 * A server's charts over the range: players against max players (and the queue), FPS, entities,
 * memory and network traffic, each only when the source reports it, with outages shaded. The
 * figures the source never sent are named in one line instead of drawn as empty charts.
 */
export const MetricsCharts = ({ metrics }: MetricsChartsProps) => {
  const { points, resolutionSeconds: step } = metrics;
  const span = useMemo<[number, number]>(
    () => [Date.parse(metrics.from) / 1000, Date.parse(metrics.to) / 1000],
    [metrics.from, metrics.to],
  );
  const outages = useMemo(() => outageSpans(metrics.outages, metrics.to), [metrics.outages, metrics.to]);
  const has = useMemo(
    () => Object.fromEntries(OPTIONAL_FIGURES.map((figure) => [figure, reports(points, figure)])),
    [points],
  );
  const missing = OPTIONAL_FIGURES.filter((figure) => !has[figure]).map((figure) => FIGURE_NAMES[figure]);
  const charts = useMemo(
    () => ({
      players: chartColumns(points, step, [
        (p) => p.players.avg,
        (p) => p.maxPlayers,
        ...(has.queued ? [(p: (typeof points)[number]) => avg(p.queued)] : []),
      ]),
      fps: chartColumns(points, step, [(p) => avg(p.fps)]),
      entities: chartColumns(points, step, [(p) => avg(p.entities)]),
      memory: chartColumns(points, step, [(p) => avg(p.memoryMb)]),
      network: chartColumns(points, step, [(p) => avg(p.networkIn), (p) => avg(p.networkOut)]),
    }),
    [points, step, has],
  );

  return (
    <div className="met-charts">
      <TimeChart
        title="Players"
        columns={charts.players}
        span={span}
        outages={outages}
        lines={[
          { label: 'Players', color: COLORS.players, format: whole },
          { label: 'Max players', color: COLORS.capacity, dash: [6, 4], format: whole },
          ...(has.queued ? [{ label: 'Queue', color: COLORS.queue, format: whole }] : []),
        ]}
      />
      {has.fps && (
        <TimeChart
          title="FPS"
          columns={charts.fps}
          span={span}
          outages={outages}
          lines={[{ label: 'FPS', color: COLORS.fps, format: whole }]}
        />
      )}
      {has.entities && (
        <TimeChart
          title="Entities"
          columns={charts.entities}
          span={span}
          outages={outages}
          lines={[{ label: 'Entities', color: COLORS.entities, format: whole }]}
        />
      )}
      {has.memoryMb && (
        <TimeChart
          title="Memory"
          columns={charts.memory}
          span={span}
          outages={outages}
          lines={[{ label: 'Memory', color: COLORS.memory, format: (v) => `${Math.round(v)} MB` }]}
        />
      )}
      {(has.networkIn || has.networkOut) && (
        <TimeChart
          title="Network"
          columns={charts.network}
          span={span}
          outages={outages}
          lines={[
            { label: 'In', color: COLORS.networkIn, format: kib },
            { label: 'Out', color: COLORS.networkOut, format: kib },
          ]}
        />
      )}
      {missing.length > 0 && (
        <p className="met-charts__missing">Not reported by this server’s source: {missing.join(', ')}.</p>
      )}
    </div>
  );
};
