// How a person is shown: avatar initials.

/** First two characters of the first non-blank candidate (name, then e-mail), upper-cased; '?' when none. */
export const initials = (...candidates: (string | null | undefined)[]): string => {
  const source = candidates.map((candidate) => candidate?.trim() ?? '').find((candidate) => candidate !== '');
  // Array.from keeps an emoji or other astral character whole instead of splitting it.
  return source ? Array.from(source).slice(0, 2).join('').toUpperCase() : '?';
};
