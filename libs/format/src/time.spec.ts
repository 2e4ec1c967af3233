import {
  formatDate,
  formatDateTime,
  formatLastSeen,
  formatClockTime,
  formatPlaytime,
  formatShortDateTime,
  formatTimeOfDay,
  formatTimestamp,
  formatUptime,
} from './index';

describe('formatPlaytime: days, hours, minutes from minutes (spec section 9)', () => {
  it.each([
    [0, '0m'],
    [45, '45m'],
    [59, '59m'],
    [60, '1h 0m'],
    [185, '3h 5m'],
    [1439, '23h 59m'],
    [1440, '1d 0h 0m'],
    [3075, '2d 3h 15m'],
    [45.9, '45m'],
    [-5, '0m'],
    [Number.NaN, '0m'],
  ])('%d minutes -> %s', (minutes, text) => {
    expect(formatPlaytime(minutes)).toBe(text);
  });
});

describe('formatUptime: days+hours, hours+minutes or minutes (spec section 9)', () => {
  it.each([
    [0, '0m'],
    [59, '0m'],
    [2700, '45m'],
    [11_520, '3h 12m'],
    [86_399, '23h 59m'],
    [86_400, '1d 0h'],
    [190_800, '2d 5h'],
  ])('%d seconds -> %s', (seconds, text) => {
    expect(formatUptime(seconds)).toBe(text);
  });
});

describe('formatLastSeen (spec section 9)', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;

  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [MIN, '1 minute ago'],
    [5 * MIN, '5 minutes ago'],
    [59 * MIN, '59 minutes ago'],
    [60 * MIN, '1 hour ago'],
    [23 * 60 * MIN, '23 hours ago'],
    [24 * 60 * MIN, '1 day ago'],
    [6 * 24 * 60 * MIN, '6 days ago'],
    [7 * 24 * 60 * MIN, '7 days ago'],
  ])('%d ms ago -> %s', (ms, text) => {
    expect(formatLastSeen(before(ms), now)).toBe(text);
  });

  it('shows a date after 7 days', () => {
    expect(formatLastSeen(before(7 * 24 * 60 * MIN + 1), now, 'en-US')).toBe('Jun 8, 2025');
    expect(formatLastSeen('2025-01-02T12:00:00Z', now, 'en-US')).toBe('Jan 2, 2025');
  });

  it('reads ISO strings and treats a moment slightly in the future as just now', () => {
    expect(formatLastSeen('2025-06-15T11:30:00Z', now)).toBe('30 minutes ago');
    expect(formatLastSeen('2025-06-15T12:00:05Z', now)).toBe('Just now');
  });

  it('says Never for a value that is not a date', () => {
    expect(formatLastSeen('not a date', now)).toBe('Never');
  });
});

describe('formatDate, as in "Joined {date}"', () => {
  it('formats an ISO date for the given locale', () => {
    expect(formatDate('2025-03-04T12:00:00Z', 'en-US')).toBe('Mar 4, 2025');
    expect(formatDate('2025-03-04T12:00:00Z', 'en-GB')).toBe('4 Mar 2025');
  });

  it('gives an empty string for a value that is not a date', () => {
    expect(formatDate('soon', 'en-US')).toBe('');
  });
});

describe('a moment with its time of day', () => {
  // Built from local parts: the browser shows local time, whatever the zone the suite runs in.
  const moment = new Date(2025, 2, 4, 9, 5, 7);

  it('to the minute, with the date: formatDateTime, as an expiry', () => {
    expect(formatDateTime(moment, 'en-US')).toBe('Mar 4, 2025, 09:05 AM');
    expect(formatDateTime(moment.toISOString(), 'en-GB')).toBe('4 Mar 2025, 09:05');
  });

  it("to the second in the locale's short form: formatTimestamp, the exact time behind a relative one", () => {
    expect(formatTimestamp(moment, 'en-US')).toBe('3/4/2025, 9:05:07 AM');
    expect(formatTimestamp(moment.toISOString(), 'en-GB')).toBe('04/03/2025, 09:05:07');
  });

  it("to the second without the year: formatShortDateTime, a timeline's line", () => {
    expect(formatShortDateTime(moment, 'en-US')).toBe('Mar 4, 09:05:07 AM');
  });

  it('the time of day alone: formatTimeOfDay, a console line', () => {
    expect(formatTimeOfDay(moment, 'en-US')).toBe('9:05:07 AM');
  });

  it('as a clock shows it: formatClockTime, to the minute, with the date when not today', () => {
    const sameDay = new Date(2025, 2, 4, 23, 0, 0);
    expect(formatClockTime(moment, sameDay, 'en-GB')).toBe('09:05');
    expect(formatClockTime(moment, sameDay, 'en-US')).toBe('09:05 AM');
    expect(formatClockTime(moment, new Date(2025, 2, 5, 0, 1), 'en-GB')).toBe('4 Mar 2025, 09:05');
    expect(formatClockTime('soon', sameDay, 'en-GB')).toBe('');
  });

  it('give an empty string for a value that is not a date', () => {
    for (const format of [formatDateTime, formatTimestamp, formatShortDateTime, formatTimeOfDay])
      expect(format('soon', 'en-US')).toBe('');
  });
});
