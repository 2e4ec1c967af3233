// Counts and ratios (spec section 9).

/** '999', then K from 1000 ('1.5K') and M from 1,000,000 ('2.5M'), one decimal. */
export const formatCount = (value: number): string => {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs < 1000) return `${sign}${Math.round(abs)}`;
  // 999,999 would round to "1000.0K"; it reads better as the next unit.
  if (abs < 999_950) return `${sign}${(abs / 1000).toFixed(1)}K`;
  return `${sign}${(abs / 1_000_000).toFixed(1)}M`;
};

/** Kills per death to 2 decimals; zero deaths with kills is infinite, 0/0 is '0.00'. */
export const formatKd = (kills: number, deaths: number): string => {
  if (deaths <= 0) return kills > 0 ? '∞' : '0.00';
  return (kills / deaths).toFixed(2);
};
