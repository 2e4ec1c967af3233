import type { MetricPoint, MetricStat, NetworkMetrics } from '@outpost/contracts';

const FIGURES = ['players', 'queued', 'fps', 'entities', 'memoryMb', 'networkIn', 'networkOut'] as const;
const COLUMN_NAMES: Record<(typeof FIGURES)[number], string> = {
  players: 'players',
  queued: 'queued',
  fps: 'fps',
  entities: 'entities',
  memoryMb: 'memory_mb',
  networkIn: 'network_in_bytes_per_second',
  networkOut: 'network_out_bytes_per_second',
};

const stat = (value: MetricStat | null): string[] =>
  value ? [String(value.min), String(value.avg), String(value.max)] : ['', '', ''];

/** A server's buckets as CSV: a header row, then one row per bucket (an empty cell: not reported). */
export const serverMetricsCsv = (points: readonly MetricPoint[]): string => {
  const header = [
    'at',
    'max_players',
    ...FIGURES.flatMap((figure) => ['min', 'avg', 'max'].map((part) => `${COLUMN_NAMES[figure]}_${part}`)),
  ];
  const rows = points.map((point) =>
    [point.at, String(point.maxPlayers), ...FIGURES.flatMap((figure) => stat(point[figure]))].join(','),
  );
  return [header.join(','), ...rows].map((line) => `${line}\r\n`).join('');
};

/** A network's players per bucket as CSV: at, players (sum of the averages), peak (sum of the maxima). */
export const networkMetricsCsv = (players: NetworkMetrics['players']): string =>
  ['at,players,peak', ...players.map((row) => `${row.at},${row.players},${row.peak}`)]
    .map((line) => `${line}\r\n`)
    .join('');
