import { ClusterChannel, RedisLeases, RedisLink, type RedisLease } from '../../core/cluster';
import { ConnectionOwnership, type OwnershipCheck } from './connection-ownership';

/** A connection's lease lasts this long unrenewed: a dead owner's is taken within 15 + 5 s. */
export const RCON_LEASE_MS = 15_000;
const CHANNEL = 'outpost:rcon';

export const rconLeaseKey = (serverId: string) => `outpost:rcon:${serverId}`;

/**
 * REDIS_URL: one lease per server (outpost:rcon:<serverId>, its fencing token from INCR, never
 * below the row's), taken by whichever instance gets there first and renewed while its connection
 * runs. Saves, removals and give-ups are announced on a channel, so the others look at once.
 */
export class RedisOwnership extends ConnectionOwnership {
  private readonly leases: RedisLeases;
  private readonly channel: ClusterChannel;
  private readonly held = new Map<string, RedisLease>();

  constructor(private readonly redis: RedisLink) {
    super();
    this.leases = new RedisLeases(redis, RCON_LEASE_MS);
    this.channel = new ClusterChannel(redis, CHANNEL);
  }

  async claim(serverId: string, floor: number): Promise<number | null> {
    try {
      const lease = await this.leases.take(rconLeaseKey(serverId), floor);
      if (!lease) return null;
      this.held.set(serverId, lease);
      return lease.token;
    } catch {
      // Redis away: nobody can claim; the next look tries again.
      return null;
    }
  }

  async renew(serverId: string, token: number): Promise<OwnershipCheck> {
    const lease = this.held.get(serverId);
    if (lease?.token !== token) return 'lost';
    let kept: RedisLease | null;
    try {
      kept = await this.leases.keep(lease);
    } catch {
      return 'unsure';
    }
    if (kept) this.held.set(serverId, kept);
    else this.held.delete(serverId);
    return kept ? 'held' : 'lost';
  }

  async release(serverId: string, token: number): Promise<void> {
    const lease = this.held.get(serverId);
    if (lease?.token !== token) return;
    this.held.delete(serverId);
    try {
      await this.leases.give(lease);
    } catch {
      // Redis away: the lease runs out by itself.
      return;
    }
    await this.channel.publish(serverId);
  }

  announce(serverId: string): Promise<void> {
    return this.channel.publish(serverId);
  }

  watch(look: (serverId: string | null) => Promise<void>): void {
    this.channel.listen((serverId) => void look(serverId));
    // Back from an outage: renew what runs here, take what nobody holds.
    this.redis.onState((state) => {
      if (state === 'up') void look(null);
    });
  }
}
