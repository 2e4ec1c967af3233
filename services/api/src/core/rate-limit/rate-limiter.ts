import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { DomainError, DomainErrorOptions } from '../http/domain-error';

export type RateLimit = {
  /** Prefixes the rule's keys, so rules sharing a limiter never count each other's hits. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** The 429, as the limiting module declares it in its x.errors.ts; it carries the Retry-After. */
  refuse: (options: DomainErrorOptions) => DomainError;
};

/**
 * Counts attempts per key with @nestjs/throttler's storage, for limits a route decorator cannot
 * express (per e-mail, per user id taken from the body, console commands per user). Over the
 * limit: 429 with Retry-After. Each module that limits provides its own, so each counts only its
 * own rules. Counters live in the process: several instances each count their own.
 */
@Injectable()
export class RateLimiter implements OnApplicationShutdown {
  private readonly storage = new ThrottlerStorageService();

  async hit(rule: RateLimit, key: string): Promise<void> {
    const record = await this.storage.increment(
      `${rule.name}:${key.toLowerCase()}`,
      rule.windowSeconds * 1000,
      rule.limit,
      0,
      rule.name,
    );
    if (record.totalHits <= rule.limit) return;
    throw rule.refuse({ retryAfterSeconds: Math.max(1, Math.ceil(record.timeToExpire)) });
  }

  onApplicationShutdown(): void {
    this.storage.onApplicationShutdown();
  }
}
