// Durations and moments as the panel shows them (spec section 9).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const wholeNonNegative = (value: number): number =>
  Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/** Minutes played as days, hours, minutes: '2d 3h 15m', '3h 5m', '45m', '0m'. */
export const formatPlaytime = (minutes: number): string => {
  const total = wholeNonNegative(minutes);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  if (days > 0) return `${days}d ${hours}h ${mins}m`;
  if (hours > 0) return `${hours}h ${mins}m`;
  return `${mins}m`;
};

/** Seconds of uptime as days+hours ('2d 5h'), hours+minutes ('3h 12m') or minutes ('45m'). */
export const formatUptime = (seconds: number): string => {
  const total = wholeNonNegative(seconds);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const mins = Math.floor((total % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${mins}m`;
  return `${mins}m`;
};

export type DateInput = string | number | Date;

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

const DATE_STYLE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

/** Runs `format` on a valid date; '' for a value that is not one. */
const formatValid = (value: DateInput, format: (date: Date) => string): string => {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : format(date);
};

/** A calendar date for a person, as in 'Joined {date}'; '' when the value is not a date. */
export const formatDate = (
  value: DateInput,
  locale?: string,
  options: Intl.DateTimeFormatOptions = DATE_STYLE,
): string => formatValid(value, (date) => date.toLocaleDateString(locale, options));

const DATE_TIME_STYLE: Intl.DateTimeFormatOptions = { ...DATE_STYLE, hour: '2-digit', minute: '2-digit' };

/** A moment with its time of day, to the minute, e.g. an expiry: 'Dec 3, 2026, 10:00 AM'. */
export const formatDateTime = (value: DateInput, locale?: string): string =>
  formatDate(value, locale, DATE_TIME_STYLE);

/**
 * A moment to the second in the locale's own short form, '12/3/2026, 10:00:05 AM': the exact time
 * behind a relative one ("5 minutes ago"), and wherever the second matters.
 */
export const formatTimestamp = (value: DateInput, locale?: string): string =>
  formatValid(value, (date) => date.toLocaleString(locale));

const SHORT_DATE_TIME_STYLE: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** A recent moment to the second, without the year, as a timeline's lines show it: 'Dec 3, 10:00:05 AM'. */
export const formatShortDateTime = (value: DateInput, locale?: string): string =>
  formatValid(value, (date) => date.toLocaleString(locale, SHORT_DATE_TIME_STYLE));

/** The time of day to the second, as a console prefixes its lines: '10:00:05 AM'. */
export const formatTimeOfDay = (value: DateInput, locale?: string): string =>
  formatValid(value, (date) => date.toLocaleTimeString(locale));

const CLOCK_STYLE: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/**
 * A moment of today as a clock shows it, to the minute ('14:02', '02:02 PM'), with its date when it
 * is not today ('Mar 4, 2025, 02:02 PM'): "refused the password at 14:02".
 */
export const formatClockTime = (value: DateInput, now: DateInput = new Date(), locale?: string): string =>
  formatValid(value, (date) =>
    date.toDateString() === toDate(now).toDateString()
      ? date.toLocaleTimeString(locale, CLOCK_STYLE)
      : formatDateTime(date, locale),
  );

const ago = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** 'Just now' under a minute, then minutes, hours and days ago; a date after 7 days. */
export const formatLastSeen = (value: DateInput, now: DateInput = new Date(), locale?: string): string => {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return 'Never';
  // A clock slightly ahead on the game server must not read as "in the future".
  const elapsed = Math.max(0, toDate(now).getTime() - date.getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed <= 7 * DAY) return ago(Math.floor(elapsed / DAY), 'day');
  return formatDate(date, locale);
};
