import type { MetricPoint } from '@outpost/contracts';

/** Monday first, as a week of opening hours reads. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** 7 rows (Monday to Sunday) of 24 hours: the average players in that hour, null without reports. */
export type WeekHeatmap = { cells: (number | null)[][]; max: number };

/**
 * Players by hour of the week in the viewer's local time, from hourly buckets: each cell is the
 * mean of the buckets' averages that fall in it (a 30-day range gives four or five per cell).
 */
export const weekHeatmap = (points: readonly MetricPoint[]): WeekHeatmap => {
  const sums = WEEKDAYS.map(() => new Array<number>(24).fill(0));
  const counts = WEEKDAYS.map(() => new Array<number>(24).fill(0));
  for (const point of points) {
    const at = new Date(point.at);
    const day = (at.getDay() + 6) % 7;
    sums[day][at.getHours()] += point.players.avg;
    counts[day][at.getHours()] += 1;
  }
  let max = 0;
  const cells = sums.map((row, day) =>
    row.map((sum, hour) => {
      const count = counts[day][hour];
      if (count === 0) return null;
      const mean = sum / count;
      max = Math.max(max, mean);
      return mean;
    }),
  );
  return { cells, max };
};

/** "Monday 18:00–19:00: 42 players on average", as a cell's title says it. */
export const describeCell = (day: number, hour: number, value: number | null): string => {
  const span = `${WEEKDAYS[day]} ${String(hour).padStart(2, '0')}:00–${String((hour + 1) % 24).padStart(2, '0')}:00`;
  if (value === null) return `${span}: no reports`;
  const players = Math.round(value * 10) / 10;
  return `${span}: ${players} ${players === 1 ? 'player' : 'players'} on average`;
};
