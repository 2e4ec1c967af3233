import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { InjectConfig, type AppConfig } from '../../core/config';
import { DomainError } from '../../core/http/domain-error';

export type RateLimit = {
  name: string;
  limit: number;
  windowSeconds: number;
  /** What the 429 says; Appwrite's wording (the /v1 routes') by default. */
  message?: string;
};

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Sign-in limits (DESIGN section 2): per e-mail and IP for links, per IP and user for secrets. The
 * per-IP limits are the defaults of SIGN_IN_LIMIT_PER_IP.
 */
export const RATE_LIMITS = {
  magicUrlPerEmail: { name: 'magic-url-email', limit: 5, windowSeconds: FIFTEEN_MINUTES },
  magicUrlPerIp: { name: 'magic-url-ip', limit: 20, windowSeconds: FIFTEEN_MINUTES },
  tokenSessionPerIp: { name: 'session-token-ip', limit: 20, windowSeconds: FIFTEEN_MINUTES },
  tokenSessionPerUser: { name: 'session-token-user', limit: 10, windowSeconds: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateLimit>;

export const RATE_LIMITED_MESSAGE =
  'Rate limit for the current endpoint has been exceeded. Please try again after some time.';

/**
 * Counts attempts per key with @nestjs/throttler's storage, for limits a route decorator cannot
 * express (per e-mail, per user id taken from the body, console commands per user). Over the
 * limit: 429 with Retry-After. Each module that limits provides its own (keys never collide:
 * each rule's name prefixes them).
 */
@Injectable()
export class RateLimiter implements OnApplicationShutdown {
  private readonly storage = new ThrottlerStorageService();

  constructor(@InjectConfig() private readonly config: AppConfig) {}

  async hit(configured: RateLimit, key: string): Promise<void> {
    const rule = configured.name.endsWith('-ip')
      ? { ...configured, limit: this.config.identity.signInLimitPerIp }
      : configured;
    const record = await this.storage.increment(
      `${rule.name}:${key.toLowerCase()}`,
      rule.windowSeconds * 1000,
      rule.limit,
      0,
      rule.name,
    );
    if (record.totalHits <= rule.limit) return;
    throw new DomainError('RATE_LIMITED', rule.message ?? RATE_LIMITED_MESSAGE, {
      retryAfterSeconds: Math.max(1, Math.ceil(record.timeToExpire)),
      appwriteType: 'general_rate_limit_exceeded',
    });
  }

  onApplicationShutdown(): void {
    this.storage.onApplicationShutdown();
  }
}
