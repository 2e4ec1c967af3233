import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ALERT_HOLD_DOWN_SECONDS, type AlertRule, type AlertRuleKind } from '@outpost/contracts';
import { AlertPublisher } from './alert-publisher';
import { AlertsClock } from './alerts-clock';
import { DispatchSignal } from './dispatch-signal';
import { AlertChannelRecord } from './entities/alert-channel.entity';
import { AlertDeliveryRecord } from './entities/alert-delivery.entity';
import { AlertRecord } from './entities/alert.entity';

export type Incident = {
  /** Its channels: null or absent, every channel of the network. */
  rule: Pick<AlertRule, 'id' | 'networkId' | 'kind'> & { channelIds?: readonly string[] | null };
  /** `server:<id>`, `player:<steamId>`, `member:<userId>`, `report:<id>`. */
  subject: string;
  serverId: string | null;
  serverName: string | null;
  title: string;
  at: Date;
};

const HOLD_DOWN_MS = ALERT_HOLD_DOWN_SECONDS * 1000;

const openKeyOf = (ruleId: string, subject: string) => `${ruleId}|${subject}`;

/**
 * Incidents: an alert fires once per rule and subject and resolves once. The same rule firing again
 * for the subject within the hold-down time of its resolution reopens that alert (flaps + 1) and
 * sends nothing. The unique open key and conditional updates make each step happen once however
 * many instances see the same thing.
 */
@Injectable()
export class IncidentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly publisher: AlertPublisher,
    private readonly signal: DispatchSignal,
    private readonly clock: AlertsClock,
  ) {}

  /** A condition that holds until it resolves (offline, a threshold). Answers whether it fired anew. */
  async fire(incident: Incident): Promise<boolean> {
    const em = this.em.fork();
    const latest = await this.latest(em, incident);
    if (latest?.state === 'firing') return false;
    if (latest && this.withinHoldDown(latest, incident.at)) {
      await this.reopen(em, latest, incident, 'firing');
      return false;
    }
    const alert = await this.insert(em, incident, 'firing');
    if (!alert) return false;
    await this.queue(em, alert, 'fired', await this.channelsOf(em, incident));
    return true;
  }

  /** A thing that happened (a join, a report, back online): fired and resolved at once, one message. */
  async happened(incident: Incident): Promise<boolean> {
    const em = this.em.fork();
    const latest = await this.latest(em, incident);
    if (latest && this.withinHoldDown(latest, incident.at)) {
      await this.reopen(em, latest, incident, 'resolved');
      return false;
    }
    const alert = await this.insert(em, incident, 'resolved');
    if (!alert) return false;
    await this.queue(em, alert, 'fired', await this.channelsOf(em, incident));
    return true;
  }

  /** Resolves what fires for `kind` about `subject` (every rule of that kind), with its message. */
  async resolve(networkId: string, kind: AlertRuleKind, subject: string, at: Date): Promise<number> {
    const em = this.em.fork();
    const firing = await em.find(AlertRecord, { networkId, kind, subject, state: 'firing' });
    let resolved = 0;
    for (const alert of firing) if (await this.resolveOne(em, alert, at, true)) resolved += 1;
    return resolved;
  }

  /** Resolves one rule's alert about `subject`, if it fires. */
  async resolveRule(networkId: string, ruleId: string, subject: string, at: Date): Promise<boolean> {
    const em = this.em.fork();
    const alert = await em.findOne(AlertRecord, { networkId, openKey: openKeyOf(ruleId, subject) });
    return alert ? this.resolveOne(em, alert, at, true) : false;
  }

  /** Firing alerts of a rule that changed or went: resolved, without a message. */
  async closeRule(networkId: string, ruleId: string): Promise<void> {
    const at = this.clock.now();
    const em = this.em.fork();
    for (const alert of await em.find(AlertRecord, { networkId, ruleId, state: 'firing' }))
      await this.resolveOne(em, alert, at, false);
  }

  /** Whether the rule ever alerted about `subject` (a report alerts once). */
  async exists(networkId: string, ruleId: string, subject: string): Promise<boolean> {
    return (await this.em.fork().count(AlertRecord, { networkId, ruleId, subject })) > 0;
  }

  /** The subjects a rule fires for now (the evaluator's view). */
  async firingSubjects(networkId: string, ruleId: string): Promise<Set<string>> {
    const rows = await this.em
      .fork()
      .find(AlertRecord, { networkId, ruleId, state: 'firing' }, { fields: ['subject'] });
    return new Set(rows.map((row) => row.subject));
  }

  private async resolveOne(
    em: EntityManager,
    alert: AlertRecord,
    at: Date,
    message: boolean,
  ): Promise<boolean> {
    const changed = await em.nativeUpdate(
      AlertRecord,
      { id: alert.id, state: 'firing' },
      { state: 'resolved', resolvedAt: at, openKey: null },
    );
    if (changed !== 1) return false;
    // One resolution message per channel (unique): a reopened alert resolving again sends none.
    if (message) await this.queue(em, alert, 'resolved', await this.firedChannels(em, alert));
    else await this.publisher.changed(alert.id);
    return true;
  }

  private latest(em: EntityManager, { rule, subject }: Incident): Promise<AlertRecord | null> {
    return em.findOne(
      AlertRecord,
      { networkId: rule.networkId, ruleId: rule.id, subject },
      { orderBy: { firedAt: 'desc', id: 'desc' } },
    );
  }

  private withinHoldDown(alert: AlertRecord, at: Date): boolean {
    return alert.resolvedAt !== null && at.getTime() - alert.resolvedAt.getTime() < HOLD_DOWN_MS;
  }

  /** Back to firing (or, for a thing that happened again, counted), without a message. */
  private async reopen(
    em: EntityManager,
    alert: AlertRecord,
    incident: Incident,
    state: 'firing' | 'resolved',
  ): Promise<void> {
    try {
      const changed = await em.nativeUpdate(
        AlertRecord,
        { id: alert.id, state: 'resolved', flaps: alert.flaps },
        state === 'firing'
          ? {
              state,
              resolvedAt: null,
              openKey: openKeyOf(incident.rule.id, incident.subject),
              flaps: alert.flaps + 1,
              openedAt: incident.at,
            }
          : { resolvedAt: incident.at, flaps: alert.flaps + 1, openedAt: incident.at },
      );
      if (changed === 1) await this.publisher.changed(alert.id);
    } catch (error) {
      // Another instance opened the incident meanwhile: it is open, once.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
  }

  private async insert(
    em: EntityManager,
    incident: Incident,
    state: 'firing' | 'resolved',
  ): Promise<AlertRecord | null> {
    const alert = em.create(AlertRecord, {
      networkId: incident.rule.networkId,
      serverId: incident.serverId,
      serverName: incident.serverName,
      ruleId: incident.rule.id,
      kind: incident.rule.kind,
      subject: incident.subject,
      openKey: state === 'firing' ? openKeyOf(incident.rule.id, incident.subject) : null,
      title: incident.title.slice(0, 500),
      state,
      firedAt: incident.at,
      openedAt: incident.at,
      resolvedAt: state === 'resolved' ? incident.at : null,
    });
    try {
      await em.flush();
      return alert;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return null;
      throw error;
    }
  }

  /**
   * The enabled channels an incident's rule sends to: those it names that still exist, or, when it
   * names none (or none of them is left), every channel of the network.
   */
  private async channelsOf(em: EntityManager, { rule }: Incident): Promise<AlertChannelRecord[]> {
    const all = await em.find(AlertChannelRecord, { networkId: rule.networkId });
    const named = all.filter((channel) => rule.channelIds?.includes(channel.id));
    return (named.length > 0 ? named : all).filter((channel) => channel.enabled);
  }

  /** A resolution goes where the alert's firing went (the channels still there and enabled). */
  private async firedChannels(em: EntityManager, alert: AlertRecord): Promise<AlertChannelRecord[]> {
    const fired = await em.find(
      AlertDeliveryRecord,
      { alertId: alert.id, event: 'fired' },
      { fields: ['channelId'] },
    );
    if (fired.length === 0) return [];
    return em.find(AlertChannelRecord, {
      id: { $in: fired.map((delivery) => delivery.channelId) },
      enabled: true,
    });
  }

  /**
   * A delivery per channel given (the panel's succeeds at once), then the change on the live
   * stream and the dispatcher woken.
   */
  private async queue(
    em: EntityManager,
    alert: AlertRecord,
    event: 'fired' | 'resolved',
    channels: readonly AlertChannelRecord[],
  ): Promise<void> {
    const now = this.clock.now();
    for (const channel of channels) {
      const panel = channel.type === 'panel';
      try {
        await em.insert(AlertDeliveryRecord, {
          id: randomUUID(),
          networkId: alert.networkId,
          alertId: alert.id,
          channelId: channel.id,
          event,
          status: panel ? 'succeeded' : 'pending',
          attempts: panel ? 1 : 0,
          lastError: null,
          nextAttemptAt: panel ? null : now,
          deliveredAt: panel ? now : null,
          createdAt: now,
        });
      } catch (error) {
        // Queued already (another instance): none is sent twice.
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
      }
    }
    await this.publisher.changed(alert.id);
    this.signal.wake();
  }
}
