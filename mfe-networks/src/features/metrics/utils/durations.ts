import { formatShortDateTime } from '@outpost/format';
import type { Outage } from '@outpost/contracts';

/** "3 d 4 h", "2 h 5 min", "4 min", "40 s": an outage's length, to the two largest units. */
export const formatDuration = (ms: number): string => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
};

/** How long an outage lasted; one still going, until now. */
export const outageMs = (outage: Outage, now = Date.now()): number =>
  (outage.to ? Date.parse(outage.to) : now) - Date.parse(outage.from);

/** "Nov 28, 02:02:10 PM – Nov 28, 02:07:40 PM (5 min)", or "… – now (12 min, ongoing)". */
export const describeOutage = (outage: Outage, now = Date.now()): string => {
  const length = formatDuration(outageMs(outage, now));
  const from = formatShortDateTime(outage.from);
  return outage.to
    ? `${from} – ${formatShortDateTime(outage.to)} (${length})`
    : `${from} – now (${length}, ongoing)`;
};

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "21 minutes", "2 hours 5 minutes", "3 days 4 hours", "40 seconds": a span in words, to two units. */
export const formatSpanInWords = (ms: number): string => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return count(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return count(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return minutes % 60 ? `${count(hours, 'hour')} ${count(minutes % 60, 'minute')}` : count(hours, 'hour');
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${count(days, 'day')} ${count(hours % 24, 'hour')}` : count(days, 'day');
};

/**
 * What an uptime covers when it is less than the range: "over the 21 minutes reported" (the
 * server first reported after the range began); null when it covers the whole range, or is none.
 */
export const uptimeSpanNote = (figures: {
  from: string;
  to: string;
  uptimeSince: string | null;
}): string | null => {
  if (!figures.uptimeSince || Date.parse(figures.uptimeSince) <= Date.parse(figures.from)) return null;
  return `over the ${formatSpanInWords(Date.parse(figures.to) - Date.parse(figures.uptimeSince))} reported`;
};

/** "99.5 %", or "—" when the server never reported within the range. */
export const formatUptimePercent = (percent: number | null): string =>
  percent === null ? '—' : `${percent.toFixed(1)} %`;
