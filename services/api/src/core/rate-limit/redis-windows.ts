import type Redis from 'ioredis';
import type { WindowCount } from './window-count';

/**
 * Hits, atomically: count them (ARGV[2], one or more), start the window's clock on its first, answer
 * the count and the time left. A key found without an expiry (written by hand, say) gets one, so
 * no count is kept for ever.
 */
const HIT_LUA = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const COMMAND = 'outpostLimitHits';
type WithHit = Redis & {
  [COMMAND]: (key: string, windowMs: number, hits: number) => Promise<[number, number]>;
};
const defined = new WeakSet<Redis>();

/**
 * Counts `hits` (one by default) of `key` in Redis, in a fixed window of `windowMs` shared by every
 * instance. One round trip (ioredis sends the script by its SHA, and its text again to a Redis
 * that forgot it after a restart). Rejects when Redis does not answer; the caller counts locally
 * then.
 */
export const hitInRedis = async (
  redis: Redis,
  key: string,
  windowMs: number,
  hits = 1,
): Promise<WindowCount> => {
  if (!defined.has(redis)) {
    redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: HIT_LUA });
    defined.add(redis);
  }
  const [count, remainingMs] = await (redis as WithHit)[COMMAND](key, windowMs, hits);
  return { count, remainingMs };
};
