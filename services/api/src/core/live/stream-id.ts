/**
 * A Redis stream entry's id, `<milliseconds>-<sequence>` (the Redis server's clock at XADD, then a
 * counter within that millisecond): ids grow with each entry, so they order the live events.
 */
const STREAM_ID = /^(\d{1,15})-(\d{1,15})$/;

/** Whether `id` has a stream id's form (the only ones the Redis bus resumes from). */
export const isStreamId = (id: string): boolean => STREAM_ID.test(id);

/** Negative when `a` comes before `b`, 0 when equal, positive after; both of stream id form. */
export const compareStreamIds = (a: string, b: string): number => {
  const [aTime, aSequence] = a.split('-').map(Number);
  const [bTime, bSequence] = b.split('-').map(Number);
  return aTime === bTime ? aSequence - bSequence : aTime - bTime;
};

/** The greatest id before `id` (XREAD answers the entries after the id it is given). */
export const streamIdBefore = (id: string): string => {
  const [time, sequence] = id.split('-').map(BigInt);
  return sequence > 0n ? `${time}-${sequence - 1n}` : `${time - 1n}-18446744073709551615`;
};
