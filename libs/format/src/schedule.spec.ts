import { describeSchedule } from './schedule';

describe('describeSchedule', () => {
  it('reads a cron expression in words, on a 24-hour clock, with its time zone', () => {
    expect(describeSchedule('0 18 * * *', 'Europe/Berlin')).toBe('At 18:00 (Europe/Berlin)');
    expect(describeSchedule(' */5 * * * 1-5 ', 'UTC')).toBe('Every 5 minutes, Monday through Friday (UTC)');
    expect(describeSchedule('30 6 1 * *', '')).toBe('At 06:30, on day 1 of the month');
  });

  it('answers nothing for an expression it cannot read', () => {
    expect(describeSchedule('', 'UTC')).toBe('');
    expect(describeSchedule('every day', 'UTC')).toBe('');
    expect(describeSchedule('61 * * * *', 'UTC')).toBe('');
  });
});
