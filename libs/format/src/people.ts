// How a person is shown: avatar initials and the friendly line under a member's name.

/** First two characters of the first non-blank candidate (name, then e-mail), upper-cased; '?' when none. */
export const initials = (...candidates: (string | null | undefined)[]): string => {
  const source = candidates.map((candidate) => candidate?.trim() ?? '').find((candidate) => candidate !== '');
  // Array.from keeps an emoji or other astral character whole instead of splitting it.
  return source ? Array.from(source).slice(0, 2).join('').toUpperCase() : '?';
};

export const MEMBER_DESCRIPTIONS = [
  'Keeps the servers running smoothly',
  'Always ready to help new players',
  'Knows every corner of the map',
  'Brings good vibes to every wipe',
  'Master builder and base designer',
  'Keeps an eye on fair play',
  'First online after every wipe',
  'Organises the best community events',
  'Trusted voice of the community',
  'Quietly fixes what breaks',
  'Never misses a monument run',
  'Turns newcomers into regulars',
  'Keeps the chat friendly',
  'Loyal member since day one',
] as const;

/** One of 14 phrases, picked by the sum of the char codes of the id's last two characters. */
export const memberDescription = (memberId: string): string => {
  const tail = memberId.slice(-2);
  let sum = 0;
  for (let i = 0; i < tail.length; i += 1) sum += tail.charCodeAt(i);
  return MEMBER_DESCRIPTIONS[sum % MEMBER_DESCRIPTIONS.length];
};
