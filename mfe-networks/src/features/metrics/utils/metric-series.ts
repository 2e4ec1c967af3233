import type { MetricPoint, MetricStat, Outage } from '@outpost/contracts';

/** Columns as the chart takes them: bucket starts in Unix seconds, then one column per line. */
export type ChartColumns = [number[], ...(number | null)[][]];

/**
 * Lines over buckets, with a null (a gap in the line) wherever buckets are missing: a bucket the
 * server sent no report in is drawn as nothing, never as a line across it.
 */
export const chartColumns = <T extends { at: string }>(
  rows: readonly T[],
  resolutionSeconds: number,
  lines: readonly ((row: T) => number | null)[],
): ChartColumns => {
  const xs: number[] = [];
  const ys: (number | null)[][] = lines.map(() => []);
  let previous: number | null = null;
  for (const row of rows) {
    const x = Math.floor(Date.parse(row.at) / 1000);
    if (previous !== null && x - previous > resolutionSeconds * 1.5) {
      xs.push(previous + resolutionSeconds);
      for (const column of ys) column.push(null);
    }
    xs.push(x);
    lines.forEach((line, index) => ys[index].push(line(row)));
    previous = x;
  }
  return [xs, ...ys];
};

export const avg = (stat: MetricStat | null): number | null => (stat ? stat.avg : null);

/** The figures a source may leave out (the plugin sends no queue, WebRCON no memory). */
export const OPTIONAL_FIGURES = ['queued', 'fps', 'entities', 'memoryMb', 'networkIn', 'networkOut'] as const;
export type OptionalFigure = (typeof OPTIONAL_FIGURES)[number];

export const FIGURE_NAMES: Readonly<Record<OptionalFigure, string>> = {
  queued: 'queue',
  fps: 'FPS',
  entities: 'entities',
  memoryMb: 'memory',
  networkIn: 'network in',
  networkOut: 'network out',
};

/** Whether any bucket of the range has the figure: one the source never reports is not charted. */
export const reports = (points: readonly MetricPoint[], figure: OptionalFigure): boolean =>
  points.some((point) => point[figure] !== null);

/** Outages as spans of Unix seconds; one still going lasts until the range's end. */
export const outageSpans = (outages: readonly Outage[], rangeTo: string): [number, number][] =>
  outages.map(({ from, to }) => [Date.parse(from) / 1000, Date.parse(to ?? rangeTo) / 1000]);
