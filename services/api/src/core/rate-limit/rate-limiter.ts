import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RedisLink } from '../cluster';
import type { DomainError, DomainErrorOptions } from '../http';
import { LocalWindows } from './local-windows';
import { SharedWindows } from './shared-windows';
import type { WindowCount } from './window-count';

export type RateLimit = {
  /** Prefixes the rule's keys, so rules sharing a limiter never count each other's hits. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** The 429, as the limiting module declares it in its x.errors.ts; it carries the Retry-After. */
  refuse: (options: DomainErrorOptions) => DomainError;
};

/** Over the limit: the rule's 429, with Retry-After when the window ends (at least 1 s). */
const judge = (rule: RateLimit, { count, remainingMs }: WindowCount): undefined => {
  if (count <= rule.limit) return undefined;
  throw rule.refuse({ retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) });
};

/** A rule's key: the rule keeps its keys apart from other rules' (case does not count). */
const idOf = (rule: RateLimit, key: string): string => `${rule.name}:${key.toLowerCase()}`;
const redisKeyOf = (id: string): string => `outpost:limit:${id}`;

/**
 * Counts attempts per key in fixed windows, for limits a route decorator cannot express (per
 * e-mail, per user id taken from the body, console commands per user, plugin calls per server).
 * Over the limit: 429 with Retry-After. With Redis up (REDIS_URL) every instance counts in the
 * same window (`outpost:limit:<rule>:<key>`); without it, or when a Redis call fails, this
 * process counts alone, so a request is never refused or held up because Redis is away. Each
 * module that limits provides its own, so each counts only its own rules.
 */
@Injectable()
export class RateLimiter {
  private readonly local = new LocalWindows();
  private readonly shared: SharedWindows;

  constructor(private readonly link: RedisLink) {
    this.shared = new SharedWindows(() => link.commands());
  }

  /** A hit, counted before it is judged: with Redis, every hit of every instance in Redis first. */
  async hit(rule: RateLimit, key: string): Promise<void> {
    const id = idOf(rule, key);
    const redis = this.link.commands();
    if (!redis) return judge(rule, this.local.hit(id, rule.windowSeconds * 1000));
    await this.countShared(redis, rule, id);
  }

  /**
   * `hit` for the busiest route (a game server's plugin calls): counted here it answers at once
   * (undefined, or throws the 429), so the caller awaits nothing; counted in Redis it answers the
   * round trip's promise, or undefined too while the key is well within its limit (admitted ahead,
   * see SharedWindows).
   */
  count(rule: RateLimit, key: string): Promise<void> | undefined {
    const id = idOf(rule, key);
    const redis = this.link.commands();
    if (!redis) return judge(rule, this.local.hit(id, rule.windowSeconds * 1000));
    if (this.shared.ahead(redisKeyOf(id), rule.limit)) return undefined;
    return this.countShared(redis, rule, id);
  }

  private async countShared(redis: Redis, rule: RateLimit, id: string): Promise<void> {
    const windowMs = rule.windowSeconds * 1000;
    let window: WindowCount;
    try {
      window = await this.shared.exact(redis, redisKeyOf(id), windowMs);
    } catch {
      // Redis went away under this call: RedisLink logs the loss once; this hit counts here.
      window = this.local.hit(id, windowMs);
    }
    judge(rule, window);
  }
}
