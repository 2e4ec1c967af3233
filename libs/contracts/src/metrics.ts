// A server's figures over time (GET /api/servers/{serverId}/metrics, GET /api/networks/{networkId}/metrics):
// every report's players, queue, FPS, entities, memory and network traffic kept as one-minute
// buckets for 48 h, five-minute buckets for 14 days and hourly buckets for a year, each with its
// minimum, average and maximum; and the server's status changes, so uptime and outages are facts.
import type { ServerStatus } from './entities';

export const METRIC_RANGES = ['1h', '24h', '7d', '30d'] as const;
export type MetricRange = (typeof METRIC_RANGES)[number];
/**
 * A network's range when none is asked for. A server's is the one that fits its history: the last
 * hour while it has reported for less than a day (a day's chart of 20 minutes is a sliver), else
 * this (SHORT_HISTORY_METRIC_RANGE).
 */
export const DEFAULT_METRIC_RANGE: MetricRange = '24h';
/** A server's range when none is asked for and it has reported for less than a day. */
export const SHORT_HISTORY_METRIC_RANGE: MetricRange = '1h';
/** The ranges a Free network reads; longer ones, and any CSV export, are Premium's. */
export const FREE_METRIC_RANGES: readonly MetricRange[] = ['1h', '24h'];

/** How far back each range reaches. */
export const METRIC_RANGE_MS: Readonly<Record<MetricRange, number>> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

/** The bucket each range is answered in: one minute up to a day, five minutes for a week, an hour beyond. */
export const METRIC_RESOLUTION_SECONDS: Readonly<Record<MetricRange, number>> = {
  '1h': 60,
  '24h': 60,
  '7d': 300,
  '30d': 3600,
};

/** How long each bucket size is kept (the leader's retention job deletes what is older). */
export const METRIC_RETENTION_MS = {
  minute: 48 * 3_600_000,
  fiveMinutes: 14 * 86_400_000,
  hour: 365 * 86_400_000,
} as const;

/** A figure's lowest, mean and highest value within one bucket. */
export type MetricStat = { min: number; avg: number; max: number };

/**
 * One bucket of a server's reports. A figure the source does not report (the plugin sends no
 * queue, WebRCON has no memory of its own) is null, and so is a bucket without reports: charts
 * show gaps, never invented values.
 */
export type MetricPoint = {
  /** The bucket's start (ISO 8601). */
  at: string;
  players: MetricStat;
  maxPlayers: number;
  queued: MetricStat | null;
  fps: MetricStat | null;
  entities: MetricStat | null;
  memoryMb: MetricStat | null;
  /** Bytes per second, as WebRCON's serverinfo gives them. */
  networkIn: MetricStat | null;
  networkOut: MetricStat | null;
};

/** A span the server was offline; `to` null while it still is. */
export type Outage = { from: string; to: string | null };

/** A change of a server's status, as it happened (first report, missed heartbeats, back). */
export type StatusChange = { at: string; status: ServerStatus };

export type ServerMetrics = {
  serverId: string;
  range: MetricRange;
  from: string;
  to: string;
  resolutionSeconds: number;
  /** Only buckets that have reports, oldest first. */
  points: MetricPoint[];
  /** Outages that overlap the range, clipped to it. */
  outages: Outage[];
  /**
   * The share of the range (from the server's first report, if later) it was online or starting,
   * 0–100 with one decimal; null when the server never reported within the range.
   */
  uptimePercent: number | null;
  /**
   * Where the span uptimePercent covers begins (it ends at `to`): the range's start, or the
   * server's first report when that is later ("100 % over the 21 minutes reported"); null with it.
   */
  uptimeSince: string | null;
};

export type NetworkServerUptime = {
  serverId: string;
  name: string;
  status: ServerStatus;
  uptimePercent: number | null;
  /** Where the span uptimePercent covers begins (see ServerMetrics.uptimeSince). */
  uptimeSince: string | null;
  outages: Outage[];
};

export type NetworkMetrics = {
  networkId: string;
  range: MetricRange;
  from: string;
  to: string;
  resolutionSeconds: number;
  /** The network's players per bucket: the sum of its servers' averages. */
  players: { at: string; players: number; peak: number }[];
  /** The mean of `players` over buckets with reports, rounded; null without reports. */
  averagePlayers: number | null;
  /** The most players online at once: the largest sum of the servers' maxima in one bucket. */
  peakPlayers: number | null;
  peakAt: string | null;
  onlineServers: number;
  offlineServers: number;
  servers: NetworkServerUptime[];
};
