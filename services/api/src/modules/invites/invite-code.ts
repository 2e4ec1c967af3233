import { randomInt } from 'node:crypto';

// Upper-case letters and digits without the look-alikes 0/O and 1/I/L: codes are read aloud and
// typed from screenshots. 31 symbols, 15 positions: about 74 bits from the CSPRNG.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code in the spec's format: three groups of five characters, e.g. K7Q2M-9XBTR-4HZ8W. */
export const generateInviteCode = (): string =>
  Array.from({ length: 3 }, () =>
    Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-');
