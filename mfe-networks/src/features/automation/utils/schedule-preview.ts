// What the dialog reads back while a schedule is typed: the expression in words and the next five
// times, by the same library the API schedules with (croner, through @outpost/validation).
import { describeSchedule } from '@outpost/format';
import { isCronExpression, isTimeZone, nextRunsOf } from '@outpost/validation';

/** How many coming times the preview lists. */
export const PREVIEW_RUNS = 5;

export type SchedulePreview = { words: string; next: Date[] };

/** The schedule read back, or null until both the expression and the zone are valid. */
export const schedulePreview = (
  cron: string,
  timezone: string,
  from = new Date(),
): SchedulePreview | null => {
  const zone = timezone.trim();
  if (!isCronExpression(cron) || !isTimeZone(zone)) return null;
  return {
    words: describeSchedule(cron, zone),
    next: nextRunsOf({ cron, timezone: zone }, PREVIEW_RUNS, from),
  };
};

/** The time zone this browser runs in: a new schedule's and time window's default. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A moment as the clock reads it in `zone`, on the 24-hour clock the words use: "Mon, Dec 7, 18:00". */
export const formatInZone = (date: Date, zone: string, locale?: string): string =>
  date.toLocaleString(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  });
