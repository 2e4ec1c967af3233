import type { ServerMetrics } from '@outpost/contracts';
import { useMemo } from 'react';
import {
  avg,
  chartColumns,
  FIGURE_NAMES,
  OPTIONAL_FIGURES,
  outageSpans,
  reports,
  type OptionalFigure,
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

/** The charts that draw one figure each, in the order they are shown, each only when reported. */
const SINGLE_FIGURE_CHARTS: readonly {
  figure: Extract<OptionalFigure, 'fps' | 'entities' | 'memoryMb'>;
  title: string;
  color: string;
  format: (value: number) => string;
}[] = [
  { figure: 'fps', title: 'FPS', color: COLORS.fps, format: whole },
  { figure: 'entities', title: 'Entities', color: COLORS.entities, format: whole },
  { figure: 'memoryMb', title: 'Memory', color: COLORS.memory, format: (v) => `${Math.round(v)} MB` },
];

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
      single: SINGLE_FIGURE_CHARTS.map(({ figure }) => chartColumns(points, step, [(p) => avg(p[figure])])),
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
      {SINGLE_FIGURE_CHARTS.map(
        ({ figure, title, color, format }, index) =>
          has[figure] && (
            <TimeChart
              key={figure}
              title={title}
              columns={charts.single[index]}
              span={span}
              outages={outages}
              lines={[{ label: title, color, format }]}
            />
          ),
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
