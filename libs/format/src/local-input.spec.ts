import { fromLocalInput, toLocalInput } from './local-input';

describe('datetime-local values', () => {
  // 3 Dec 2026 10:04 in the zone the suite runs in.
  const local = new Date(2026, 11, 3, 10, 4);

  it('toLocalInput gives the local time to the minute', () => {
    expect(toLocalInput(local.toISOString())).toBe('2026-12-03T10:04');
    expect(toLocalInput(new Date(2026, 11, 3, 10, 4, 59).toISOString())).toBe('2026-12-03T10:04');
  });

  it('toLocalInput leaves a missing or broken time empty', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('')).toBe('');
    expect(toLocalInput('soon')).toBe('');
  });

  it('fromLocalInput reads the value back as an ISO time', () => {
    expect(fromLocalInput('2026-12-03T10:04')).toBe(local.toISOString());
  });

  it('fromLocalInput reads "to 10:04" up to the end of that minute when asked', () => {
    expect(fromLocalInput('2026-12-03T10:04', { endOfMinute: true })).toBe(
      new Date(local.getTime() + 59_999).toISOString(),
    );
  });

  it('fromLocalInput gives nothing for an empty or broken value', () => {
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('not a time')).toBeUndefined();
  });
});
