import { formatShortDateTime } from '@outpost/format';
import type uPlot from 'uplot';
import { useEffect, useRef, useState } from 'react';
import type { ChartColumns } from '../utils/metric-series';
import { outageBandsPlugin } from './outage-bands';

/** uPlot and its styles, fetched with the first chart: no other screen pays for them. */
const loadUPlot = async (): Promise<typeof uPlot> => {
  const [module] = await Promise.all([
    import(/* webpackChunkName: "uplot" */ 'uplot'),
    import(/* webpackChunkName: "uplot" */ 'uplot/dist/uPlot.min.css'),
  ]);
  return module.default;
};

export type ChartLine = {
  label: string;
  color: string;
  /** A dashed line (a limit, like max players). */
  dash?: number[];
  /** How the legend shows a hovered value, e.g. `(v) => `${v} MB``. */
  format?: (value: number) => string;
};

export type TimeChartProps = {
  /** The chart's heading and its accessible name. */
  title: string;
  columns: ChartColumns;
  lines: readonly ChartLine[];
  /** The range shown (Unix seconds), whatever the buckets cover. */
  span: [number, number];
  /** Offline spans (Unix seconds), shaded. */
  outages?: readonly [number, number][];
  height?: number;
};

const AXIS = { stroke: '#9ca3af', grid: { stroke: 'rgba(156, 163, 175, 0.12)' }, ticks: { show: false } };
/** Every figure charted is a count or a whole unit: no "0.75 players" on the axis. */
const WHOLE_STEPS = [1, 2, 5]
  .flatMap((step) => [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7].map((p) => step * p))
  .sort((a, b) => a - b);
const plain = (value: number) => String(Math.round(value * 10) / 10);

/** The last value of a column that is not a gap, and its index; null when it has none. */
export const latestOf = (
  column: ArrayLike<number | null | undefined>,
): { value: number; index: number } | null => {
  for (let index = column.length - 1; index >= 0; index--) {
    const value = column[index];
    if (value !== null && value !== undefined) return { value, index };
  }
  return null;
};

/**
 * A legend value: the hovered bucket's, or (nothing hovered: `index` null) the latest the line has,
 * so the legend reads the figures of now rather than dashes.
 */
export const legendValue = (
  column: ArrayLike<number | null | undefined> | undefined,
  value: number | null,
  index: number | null | undefined,
  format: (value: number) => string,
): string => {
  const shown = index === null || index === undefined ? (latestOf(column ?? [])?.value ?? null) : value;
  return shown === null ? '—' : format(shown);
};

/**
 * Our one wrapper around uPlot: it makes the plot once uPlot has loaded, gives it new columns as
 * they come, follows its container's width, shades outages and shows the hovered values in the
 * legend under the plot (the latest ones when nothing is hovered). The container tells how many
 * outage bands are drawn
 * (`data-outage-bands`).
 */
export const TimeChart = ({ title, columns, lines, span, outages = [], height = 200 }: TimeChartProps) => {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // What a plot made later (uPlot still loading) or redrawn later reads: always the latest.
  const latest = useRef({ columns, span, outages });
  latest.current = { columns, span, outages };
  const [failed, setFailed] = useState(false);
  const shape = lines.map((line) => line.label).join('|');

  // A new plot when the lines change (another figure set); new columns alone only redraw it.
  useEffect(() => {
    let cancelled = false;
    const container = box.current;
    if (!container) return;
    loadUPlot()
      .then((UPlot) => {
        if (cancelled) return;
        const options: uPlot.Options = {
          width: container.clientWidth || 600,
          height,
          scales: {
            x: { time: true, range: () => latest.current.span },
            y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
          },
          axes: [{ ...AXIS }, { ...AXIS, size: 56, incrs: WHOLE_STEPS }],
          cursor: { y: false, points: { size: 6 } },
          legend: { live: true },
          series: [
            {
              // The hovered time, or (nothing hovered) "Latest": the values beside it are the newest.
              value: (_u: uPlot, value: number | null, _series: number, index: number | null) =>
                index === null || index === undefined
                  ? 'Latest'
                  : value === null
                    ? '—'
                    : formatShortDateTime(value * 1000),
            },
            ...lines.map((line, i) => ({
              label: line.label,
              stroke: line.color,
              width: 2,
              dash: line.dash,
              spanGaps: false,
              value: (u: uPlot, value: number | null, _series: number, index: number | null) =>
                legendValue(u.data[i + 1], value, index, line.format ?? plain),
            })),
          ],
          plugins: [
            outageBandsPlugin(
              () => latest.current.outages,
              (count) => (container.dataset.outageBands = String(count)),
            ),
          ],
        };
        plot.current = new UPlot(options, latest.current.columns as uPlot.AlignedData, container);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      plot.current?.destroy();
      plot.current = null;
    };
    // Columns, span and outages reach a plot through `latest` and the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape, height]);

  useEffect(() => {
    // setData rescales (the x range reads the latest span) and redraws the bands.
    plot.current?.setData(columns as uPlot.AlignedData);
  }, [columns, span, outages]);

  // The plot follows its container's width (a resized window, a sidebar folded).
  useEffect(() => {
    const container = box.current;
    if (!container || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry.contentRect.width);
      if (width > 0) plot.current?.setSize({ width, height });
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, [height]);

  return (
    <figure className="met-chart">
      <figcaption className="met-chart__title">{title}</figcaption>
      {failed ? (
        <p className="met-chart__failed">The chart could not be loaded. The figures below are complete.</p>
      ) : (
        <div
          ref={box}
          className="met-chart__plot"
          role="img"
          aria-label={`${title} over time`}
          data-outage-bands={0}
        />
      )}
    </figure>
  );
};
