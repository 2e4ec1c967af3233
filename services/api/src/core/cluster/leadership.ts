import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';
import { Draining } from '../http';
import { AdvisoryLockLease } from './leadership-advisory-lock';
import { LeaderLease, RedisLeaderLease, SoloLease, type LeaderHold } from './leadership-lease';
import { periodicRole, RoleSlot, type HeldRole, type LeaderRole } from './leadership-roles';
import { RedisLink } from './redis-link';

export type LeadershipTiming = {
  /** How long the Redis lease lasts without renewal. */
  leaseMs: number;
  /** How often the leader renews and the others try to take the lease. */
  retryMs: number;
};

/**
 * A lease of 15 s renewed every 5 s: two renewals may fail before it runs out, and a dead leader's
 * lease is taken at most 15 + 5 s after its last renewal (the issue asks for 30 s).
 */
export const LEADERSHIP_TIMING: LeadershipTiming = { leaseMs: 15_000, retryMs: 5_000 };
/** Tests may shorten the timing (a provider of this token). */
export const LEADERSHIP_TIMING_OVERRIDE = Symbol('LEADERSHIP_TIMING_OVERRIDE');

const leaseFor = (config: AppConfig, redis: RedisLink, timing: LeadershipTiming): LeaderLease => {
  if (redis.configured) return new RedisLeaderLease(redis, timing.leaseMs);
  if (config.database.kind === 'postgresql')
    return new AdvisoryLockLease(config.database.url, redis.instanceId);
  return new SoloLease();
};

/**
 * One leader among the instances, for what must run once however many there are (the offline
 * sweep, retention, the demo simulator): with REDIS_URL a lease in Redis, else on PostgreSQL an
 * advisory lock, else (SQLite, one process) this instance. The leader keeps its roles only while
 * it can renew its lease: one it cannot renew in time is given up at once, so two instances never
 * lead together; the others try every few seconds, and at once when a leader shutting down hands
 * over (SIGTERM). One log line when this instance becomes the leader, one when it steps down.
 */
@Injectable()
export class Leadership implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Leadership');
  private readonly lease: LeaderLease;
  private readonly timing: LeadershipTiming;
  private held: LeaderHold | null = null;
  private readonly slots = new Set<RoleSlot>();
  private timer: NodeJS.Timeout | null = null;
  private deadline: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  /** A try asked for while one was running: it runs right after. */
  private again = false;
  private closing = false;
  private handedOver: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly redis: RedisLink,
    private readonly draining: Draining,
    @Optional() @Inject(LEADERSHIP_TIMING_OVERRIDE) timing?: LeadershipTiming,
  ) {
    this.timing = timing ?? LEADERSHIP_TIMING;
    this.lease = leaseFor(config, redis, this.timing);
  }

  get isLeader(): boolean {
    return this.held !== null;
  }

  /** The fencing token of this instance's hold while it leads (Redis: INCR; PostgreSQL: its session). */
  get token(): number | null {
    return this.held?.token ?? null;
  }

  /** How the leadership is held here: Redis lease, PostgreSQL advisory lock or the only instance. */
  get kind(): string {
    return this.lease.kind;
  }

  /**
   * Starts `role` whenever this instance becomes the leader (now, if it leads) and stops it when it
   * steps down or shuts down.
   */
  hold(role: LeaderRole): HeldRole {
    const slot = new RoleSlot(role, this.logger);
    this.slots.add(slot);
    const ready = this.held && !this.closing ? slot.want(true) : Promise.resolve();
    return {
      ready,
      drop: async () => {
        this.slots.delete(slot);
        await slot.want(false);
      },
    };
  }

  /**
   * Runs `job` every `everyMs` on the leader only (and at once on becoming it, with `atStart`);
   * never two runs at once on one instance, and stepping down aborts the run's signal.
   */
  whileLeader(
    name: string,
    everyMs: number,
    job: (signal: AbortSignal) => Promise<unknown>,
    options: { atStart?: boolean } = {},
  ): HeldRole {
    return this.hold(periodicRole(name, everyMs, job, this.logger, options));
  }

  async onModuleInit(): Promise<void> {
    this.lease.watch({
      lost: () => void this.stepDown('its session to the database ended'),
      nudged: () => void this.tick(),
    });
    this.redis.onState((state) => {
      // A Redis that went away may come back empty: the lease cannot be counted on meanwhile.
      if (state === 'degraded') void this.stepDown('Redis went away (it cannot renew its lease)');
      else void this.tick();
    });
    // SIGTERM: hand over as soon as the instance starts draining, not after its last request.
    this.draining.onDrain(() => void this.handOver());
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.timing.retryMs);
    this.timer.unref();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.handOver();
  }

  /** Stops the roles, gives the lease up and nudges the others; once. */
  handOver(): Promise<void> {
    this.handedOver ??= (async () => {
      this.closing = true;
      if (this.timer) clearInterval(this.timer);
      await this.ticking;
      const led = this.isLeader;
      await this.stepDown('shutting down, handing over');
      if (led) await this.lease.release();
      await this.lease.close();
    })();
    return this.handedOver;
  }

  private tick(): Promise<void> {
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      do {
        this.again = false;
        await this.once().catch((error: unknown) =>
          this.logger.warn(
            `Leadership check failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      } while (this.again && !this.closing);
    })().finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async once(): Promise<void> {
    if (this.closing) return;
    if (!this.held) {
      const hold = await this.lease.acquire();
      // Taken just as the instance began shutting down: given back at once.
      if (hold && this.closing) await this.lease.release();
      else if (hold) this.become(hold);
      return;
    }
    const check = await this.lease.renew();
    if (!this.held || this.closing) return;
    if (check === 'lost') await this.stepDown('its lease was taken or ran out');
    // No answer: the lease stays counted on until it would run out (the deadline).
    else if (check !== 'unsure') this.arm(check);
  }

  private become(hold: LeaderHold): void {
    this.held = hold;
    this.arm(hold);
    this.logger.log(`This instance leads now (${this.lease.kind}, token ${hold.token})`);
    for (const slot of this.slots) void slot.want(true);
  }

  /** Steps down the moment the hold runs out unless renewed before. */
  private arm(hold: LeaderHold): void {
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = null;
    if (!Number.isFinite(hold.validUntil)) return;
    this.deadline = setTimeout(
      () => void this.stepDown('it could not renew its lease in time'),
      Math.max(0, hold.validUntil - Date.now()),
    );
    this.deadline.unref();
  }

  private async stepDown(why: string): Promise<void> {
    if (!this.held) return;
    this.held = null;
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = null;
    this.logger.log(`This instance stepped down: ${why}`);
    await Promise.all([...this.slots].map((slot) => slot.want(false)));
  }
}
