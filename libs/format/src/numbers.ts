// Counts and ratios (spec section 9).

/**
 * '999', then K from 1000 ('1.5K') and M from 1,000,000 ('2.5M'), one decimal. The decimal is cut,
 * not rounded, so a count never reads as more than it is (999,999 is '999.9K', not '1000.0K').
 */
export const formatCount = (value: number): string => {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs < 1000) return `${sign}${Math.round(abs)}`;
  const [unit, size] = abs < 1_000_000 ? ['K', 1000] : ['M', 1_000_000];
  return `${sign}${(Math.floor((abs * 10) / size) / 10).toFixed(1)}${unit}`;
};

/** Kills per death to 2 decimals; zero deaths with kills is infinite, 0/0 is '0.00'. */
export const formatKd = (kills: number, deaths: number): string => {
  if (deaths <= 0) return kills > 0 ? '∞' : '0.00';
  return (kills / deaths).toFixed(2);
};
