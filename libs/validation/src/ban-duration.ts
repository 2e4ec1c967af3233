// Ban durations: the spec sends duration "left empty" (a permanent ban). We also accept a number
// and a unit: m(inutes), h(ours), d(ays), w(eeks), e.g. 30m, 12h, 7d, 2w.

const UNIT_SECONDS: Readonly<Record<string, number>> = { m: 60, h: 3600, d: 86_400, w: 604_800 };

/** True for an empty or blank duration, which means permanent. */
export const isPermanentDuration = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

/** Seconds of a duration like "7d", or null when the text is not such a duration (empty included). */
export const parseBanDuration = (value: string | null | undefined): number | null => {
  const match = /^(\d{1,6})\s*([mhdw])$/i.exec((value ?? '').trim());
  if (!match) return null;
  const amount = Number(match[1]);
  return amount > 0 ? amount * UNIT_SECONDS[match[2].toLowerCase()] : null;
};
