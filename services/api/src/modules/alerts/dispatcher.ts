import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AlertChannelType } from '@outpost/contracts';
import { Leadership, type HeldRole } from '../../core/cluster';
import { InjectConfig, type AppConfig } from '../../core/config';
import { Network } from '../tenancy';
import { AlertPublisher } from './alert-publisher';
import { AlertView } from './alert-view';
import { AlertsClock } from './alerts-clock';
import { DispatchSignal } from './dispatch-signal';
import { AlertChannelRecord } from './entities/alert-channel.entity';
import { AlertDeliveryRecord } from './entities/alert-delivery.entity';
import { DiscordSender } from './senders/discord.sender';
import { EmailSender } from './senders/email.sender';
import { SendFailure } from './senders/http-post';
import type { Sender } from './senders/outgoing';
import { WebhookSender } from './senders/webhook.sender';

/** The leader looks for due deliveries this often (and at once when it queued one itself). */
export const DISPATCH_EVERY_MS = 1_000;

/** The wait after each failed attempt; the attempt after the last one is the fifth, and final. */
export const RETRY_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000] as const;
export const MAX_ATTEMPTS = RETRY_BACKOFF_MS.length + 1;

/** An attempt under way holds its delivery this long (an instance that died mid-send frees it). */
const CLAIM_MS = 60_000;
const BATCH = 50;

/**
 * Sends the deliveries that are due, on the leader only: pending → succeeded, or retrying with
 * backoff (5 s, 30 s, 2 min, 10 min; Discord's retry_after when it says) → failed after 5
 * attempts, or at once when retrying cannot help (the egress policy refused the address). Each
 * attempt is claimed by a conditional update, so no two runs send the same one.
 */
@Injectable()
export class Dispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AlertDispatcher');
  private role: HeldRole | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private readonly senders: Record<Exclude<AlertChannelType, 'panel'>, Sender>;
  private readonly panelUrl: string;

  constructor(
    private readonly leadership: Leadership,
    private readonly em: EntityManager,
    private readonly clock: AlertsClock,
    private readonly view: AlertView,
    private readonly publisher: AlertPublisher,
    signal: DispatchSignal,
    email: EmailSender,
    discord: DiscordSender,
    webhook: WebhookSender,
    @InjectConfig() config: AppConfig,
  ) {
    this.senders = { email, discord, webhook };
    this.panelUrl = config.publicUrl.replace(/\/$/, '');
    signal.listen(() => {
      if (this.leadership.isLeader && this.role) void this.run();
    });
  }

  onApplicationBootstrap(): void {
    this.role ??= this.leadership.whileLeader('alert deliveries', DISPATCH_EVERY_MS, () => this.run());
  }

  async onModuleDestroy(): Promise<void> {
    const role = this.role;
    this.role = null;
    await role?.drop();
    await this.running;
  }

  /** Sends what is due now (one run at a time; a wake-up meanwhile runs again after). Answers how many. */
  run(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let sent = 0;
      try {
        do {
          this.again = false;
          sent += await this.runDue();
        } while (this.again);
      } finally {
        this.running = null;
      }
      return sent;
    })();
    return this.running;
  }

  private async runDue(): Promise<number> {
    const now = this.clock.now();
    const due = await this.em
      .fork()
      .find(
        AlertDeliveryRecord,
        { status: { $in: ['pending', 'retrying'] }, nextAttemptAt: { $lte: now } },
        { orderBy: { nextAttemptAt: 'asc', id: 'asc' }, limit: BATCH },
      );
    const outcomes = await Promise.all(due.map((delivery) => this.attempt(delivery)));
    return outcomes.filter(Boolean).length;
  }

  private async attempt(delivery: AlertDeliveryRecord): Promise<boolean> {
    const em = this.em.fork();
    const attempts = delivery.attempts + 1;
    const claimed = await em.nativeUpdate(
      AlertDeliveryRecord,
      { id: delivery.id, attempts: delivery.attempts, status: delivery.status },
      { attempts, nextAttemptAt: new Date(this.clock.now().getTime() + CLAIM_MS) },
    );
    if (claimed !== 1) return false;
    let error: SendFailure | null = null;
    try {
      await this.send(em, delivery);
    } catch (failure) {
      error = failure instanceof SendFailure ? failure : new SendFailure((failure as Error).message);
      if (!(failure instanceof SendFailure))
        this.logger.warn(`Delivery ${delivery.id} failed: ${error.message}`);
    }
    const now = this.clock.now();
    const last = error !== null && (error.permanent || attempts >= MAX_ATTEMPTS);
    await em.nativeUpdate(
      AlertDeliveryRecord,
      { id: delivery.id, attempts },
      error === null
        ? { status: 'succeeded', lastError: null, nextAttemptAt: null, deliveredAt: now }
        : {
            status: last ? 'failed' : 'retrying',
            lastError: error.message.slice(0, 500),
            nextAttemptAt: last
              ? null
              : new Date(now.getTime() + (error.retryAfterMs ?? RETRY_BACKOFF_MS[attempts - 1])),
          },
    );
    if (delivery.alertId) await this.publisher.changed(delivery.alertId);
    return error === null;
  }

  private async send(em: EntityManager, delivery: AlertDeliveryRecord): Promise<void> {
    const channel = await em.findOne(AlertChannelRecord, { id: delivery.channelId });
    if (!channel) throw new SendFailure('the channel was removed', true);
    if (channel.type === 'panel') return;
    const network = await em.findOne(Network, { id: delivery.networkId }, { fields: ['name'] });
    const alert = delivery.alertId ? await this.view.one(delivery.alertId) : null;
    if (delivery.alertId && !alert) throw new SendFailure('the alert was removed', true);
    const { deliveries: _deliveries, ...shown } = alert ?? { deliveries: [] };
    await this.senders[channel.type].send({
      event: delivery.event,
      alert: alert ? (shown as Omit<typeof alert, 'deliveries'>) : null,
      channel,
      networkId: delivery.networkId,
      networkName: network?.name ?? '',
      panelUrl: this.panelUrl,
      at: this.clock.now(),
    });
  }
}
