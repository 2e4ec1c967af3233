import type Redis from 'ioredis';
import type { RedisLink } from './redis-link';

/**
 * Takes `KEYS[1]` for ARGV[1] (this instance) unless another instance holds it: its value becomes
 * `<instance>#<token>`, the token one above both the previous one (`KEYS[2]`, INCR) and ARGV[3] (a
 * floor the caller knows of: a Redis that restarted empty must not hand out a token already used).
 * A lease this instance holds already is kept, with its token. Answers the token, or 0 when taken.
 */
const TAKE_LUA = `
local held = redis.call('GET', KEYS[1])
local mine = ARGV[1] .. '#'
if held then
  if string.sub(held, 1, string.len(mine)) == mine then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return tonumber(string.sub(held, string.len(mine) + 1))
  end
  return 0
end
local token = redis.call('INCR', KEYS[2])
local floor = tonumber(ARGV[3])
if token <= floor then
  token = floor + 1
  redis.call('SET', KEYS[2], token)
end
redis.call('SET', KEYS[1], mine .. token, 'PX', ARGV[2])
return token
`;

/**
 * Extends the lease while it is still the one this holder took (compare and pexpire). A lease
 * nobody holds (a Redis that came back empty) is this holder's again: nobody took it since.
 */
const KEEP_LUA = `
local held = redis.call('GET', KEYS[1])
if held == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if not held then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
`;

/** Deletes the lease only while it is still this holder's (compare and delete). */
const GIVE_LUA = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

const TAKE = 'outpostLeaseTake';
const KEEP = 'outpostLeaseKeep';
const GIVE = 'outpostLeaseGive';
type WithLeases = Redis & {
  [TAKE]: (key: string, fence: string, holder: string, ttlMs: number, floor: number) => Promise<number>;
  [KEEP]: (key: string, value: string, ttlMs: number) => Promise<number>;
  [GIVE]: (key: string, value: string) => Promise<number>;
};
const defined = new WeakSet<Redis>();

const withLeases = (redis: Redis): WithLeases => {
  if (!defined.has(redis)) {
    redis.defineCommand(TAKE, { numberOfKeys: 2, lua: TAKE_LUA });
    redis.defineCommand(KEEP, { numberOfKeys: 1, lua: KEEP_LUA });
    redis.defineCommand(GIVE, { numberOfKeys: 1, lua: GIVE_LUA });
    defined.add(redis);
  }
  return redis as WithLeases;
};

/**
 * A lease this instance holds: its key, its value (who and which token), its fencing token and
 * the moment (Date.now()) it runs out unless kept before.
 */
export type RedisLease = { key: string; value: string; token: number; validUntil: number };

/**
 * A lease is trusted this much less than its TTL: Redis counts the TTL from when it ran the
 * command, a little after it was sent, and clocks drift a little between the two.
 */
const DRIFT_MS = 500;

/**
 * Leases in Redis, for what one instance only may do at a time (lead, hold a server's RCON
 * connection). Each has a fencing token that only grows, so what the holder writes elsewhere can be
 * refused once a later holder exists. Every call rejects while Redis is away: the caller cannot
 * tell then whether it holds the lease, and decides what that means for it.
 */
export class RedisLeases {
  constructor(
    private readonly redis: RedisLink,
    private readonly ttlMs: number,
  ) {}

  /** Takes `key` (or keeps it, when this instance holds it already); null when another holds it. */
  async take(key: string, floor = 0): Promise<RedisLease | null> {
    const sent = Date.now();
    const token = await withLeases(this.connection())[TAKE](
      key,
      `${key}:fence`,
      this.redis.instanceId,
      this.ttlMs,
      floor,
    );
    if (!token) return null;
    return {
      key,
      value: `${this.redis.instanceId}#${token}`,
      token,
      validUntil: sent + this.ttlMs - DRIFT_MS,
    };
  }

  /** The lease kept for another TTL; null when another instance holds it now. */
  async keep(lease: RedisLease): Promise<RedisLease | null> {
    const sent = Date.now();
    const kept = await withLeases(this.connection())[KEEP](lease.key, lease.value, this.ttlMs);
    return kept ? { ...lease, validUntil: sent + this.ttlMs - DRIFT_MS } : null;
  }

  /** Gives the lease up, if it is still this holder's. */
  async give(lease: RedisLease): Promise<void> {
    await withLeases(this.connection())[GIVE](lease.key, lease.value);
  }

  /** Who holds `key` now (`<instance>#<token>`), or null. */
  async holder(key: string): Promise<string | null> {
    return this.connection().get(key);
  }

  private connection(): Redis {
    const connection = this.redis.commands();
    if (!connection) throw new Error('Redis is away');
    return connection;
  }
}

/**
 * A channel every instance listens on, for nudges (a lease was given up: take it now). Best
 * effort: a nudge lost while Redis is away is made up for by the periodic retries.
 */
export class ClusterChannel {
  private readonly listeners = new Set<(message: string, from: string) => void>();
  private subscribed = false;

  constructor(
    private readonly redis: RedisLink,
    private readonly name: string,
  ) {}

  /** Calls `listener` with each message another instance publishes; the first call subscribes. */
  listen(listener: (message: string, from: string) => void): void {
    this.listeners.add(listener);
    if (this.subscribed || !this.redis.configured) return;
    this.subscribed = true;
    // A connection of its own (a subscribed one takes no other command), subscribing each time it
    // is ready: its commands are not queued while it connects.
    const connection = this.redis.dedicated();
    connection.on('ready', () => void connection.subscribe(this.name).catch(() => undefined));
    connection.on('message', (channel: string, text: string) => {
      if (channel !== this.name) return;
      const space = text.indexOf(' ');
      const from = text.slice(0, space);
      if (from === this.redis.instanceId) return;
      for (const each of this.listeners) each(text.slice(space + 1), from);
    });
  }

  /** Tells the other instances; nothing when Redis is away. */
  publish(message: string): Promise<void> {
    const connection = this.redis.commands();
    if (!connection) return Promise.resolve();
    return connection.publish(this.name, `${this.redis.instanceId} ${message}`).then(
      () => undefined,
      () => undefined,
    );
  }
}
