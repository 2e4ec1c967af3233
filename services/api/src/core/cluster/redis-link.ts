import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis, { type RedisOptions } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config';

/** off: no REDIS_URL (one instance). up: Redis answers. degraded: set but unreachable now. */
export type RedisState = 'off' | 'up' | 'degraded';

/** A command that does not answer in this time counts as Redis being away (a stalled server). */
const COMMAND_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 2_000;
/** Reconnect attempts back off to this, and go on forever: Redis coming back is noticed by itself. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/** REDIS_URL without its password, for log lines. */
export const redisLabel = (url: string): string => {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.username = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return 'Redis';
  }
};

/**
 * The instance's connection to Redis (REDIS_URL), for what several instances share: the live bus,
 * command wake-ups, rate limits and leases. Commands never queue while Redis is away: they fail at
 * once (or after COMMAND_TIMEOUT_MS on a stalled server), so each user falls back to what this
 * instance can do alone and no request waits on Redis. One log line when Redis is lost and one
 * when it is back; reconnecting goes on by itself.
 */
@Injectable()
export class RedisLink implements OnApplicationShutdown {
  /** This process among the instances: names it in leases and log lines. */
  readonly instanceId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly logger = new Logger('Redis');
  private readonly client: Redis | null;
  private readonly others = new Set<Redis>();
  private current: RedisState;
  /** Whether loss was logged (so recovery is logged once, and a failed first connect too). */
  private lost = false;
  /** Set on shutdown: the connection closing then is no loss to report. */
  private closing = false;
  private readonly listeners = new Set<(state: RedisState) => void>();
  private readonly label: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.label = config.redisUrl ? redisLabel(config.redisUrl) : '';
    if (!config.redisUrl) {
      this.client = null;
      this.current = 'off';
      return;
    }
    this.current = 'degraded';
    // Commands given in one turn of the event loop (heartbeats' limits and live events) leave in
    // one write, so a busy instance pays a round trip per turn rather than per command.
    this.client = new Redis(
      config.redisUrl,
      this.options({ commandTimeout: COMMAND_TIMEOUT_MS, enableAutoPipelining: true }),
    );
    this.client.on('ready', () => this.become('up'));
    this.client.on('error', (error: Error) => this.become('degraded', error.message));
    this.client.on('close', () => this.become('degraded', 'connection closed'));
    // A first connection that does not come up soon is a loss like any other.
    setTimeout(() => {
      if (this.current === 'degraded' && !this.lost) this.become('degraded', 'no answer at start');
    }, CONNECT_TIMEOUT_MS).unref();
  }

  get state(): RedisState {
    return this.current;
  }

  /** Whether REDIS_URL is set (Redis shared by several instances is meant to be there). */
  get configured(): boolean {
    return this.client !== null;
  }

  /** The command connection while Redis is up; null when it is off or away (use the local way). */
  commands(): Redis | null {
    return this.current === 'up' ? this.client : null;
  }

  /**
   * Another connection, for what holds one (SUBSCRIBE, blocking reads): reconnects by itself and
   * is closed with the app. Its commands may block, so it has no command timeout (said outright:
   * a duplicate keeps the options it does not override, and the command connection's timeout
   * would end a blocking read after a second of quiet).
   */
  dedicated(): Redis {
    if (!this.client) throw new Error('REDIS_URL is not set');
    const connection = this.client.duplicate(
      this.options({ enableAutoPipelining: false, commandTimeout: undefined }),
    );
    // Its errors are the command connection's too, which logs them once.
    connection.on('error', () => undefined);
    this.others.add(connection);
    return connection;
  }

  /** Called on each change between up and degraded; answers the unsubscribe. */
  onState(listener: (state: RedisState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async onApplicationShutdown(): Promise<void> {
    const all = [...this.others, ...(this.client ? [this.client] : [])];
    this.closing = true;
    this.listeners.clear();
    await Promise.all(all.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }

  private options(extra: Partial<RedisOptions>): RedisOptions {
    return {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 200, MAX_RECONNECT_DELAY_MS),
      ...extra,
    };
  }

  private become(state: 'up' | 'degraded', why?: string): void {
    if (this.closing) return;
    if (state === 'degraded' && !this.lost) {
      this.lost = true;
      this.logger.warn(
        `Lost ${this.label} (${why ?? 'unreachable'}): serving on alone (live events of this instance only, limits counted here, no leases taken) until it is back`,
      );
    }
    if (state === 'up' && this.lost) {
      this.lost = false;
      this.logger.log(`${this.label} is back: live events, limits and leases are shared again`);
    }
    if (state === this.current) return;
    this.current = state;
    for (const listener of [...this.listeners]) listener(state);
  }
}
