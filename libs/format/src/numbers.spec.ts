import { formatCount, formatKd } from './index';

describe('formatCount: K from 1000, M from 1,000,000 (spec section 9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1500, '1.5K'],
    [12_345, '12.3K'],
    [1_599, '1.5K'],
    [999_949, '999.9K'],
    [999_999, '999.9K'],
    [1_000_000, '1.0M'],
    [2_500_000, '2.5M'],
    [2_590_000, '2.5M'],
    [-1500, '-1.5K'],
  ])('%d -> %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
});

describe('formatKd: 2 decimals, infinity with kills and no deaths (spec section 9)', () => {
  it.each([
    [10, 4, '2.50'],
    [1, 3, '0.33'],
    [7, 7, '1.00'],
    [5, 0, '∞'],
    [0, 0, '0.00'],
    [0, 5, '0.00'],
  ])('%d kills, %d deaths -> %s', (kills, deaths, text) => {
    expect(formatKd(kills, deaths)).toBe(text);
  });
});
