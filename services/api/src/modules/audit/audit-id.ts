import { randomBytes } from 'node:crypto';

let last = 0;
let sequence = 0;

/**
 * Ids that sort by creation: 12 hex digits of milliseconds, 8 of a per-millisecond sequence and
 * 16 random. "Newest first" then holds for entries written within the same millisecond too.
 */
export const timeOrderedId = (now = Date.now()): string => {
  if (now === last) sequence++;
  else {
    last = now;
    sequence = 0;
  }
  return `${now.toString(16).padStart(12, '0')}${sequence.toString(16).padStart(8, '0')}${randomBytes(8).toString('hex')}`;
};
