import { EntityManager } from '@mikro-orm/core';
import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { THRESHOLD_RULE_KINDS, type AlertRule } from '@outpost/contracts';
import { Leadership, type HeldRole } from '../../core/cluster';
import { GameServer } from '../servers';
import { AlertMetrics, type MinuteFigures } from './alert-metrics';
import { AlertsClock } from './alerts-clock';
import { AlertRuleRecord } from './entities/alert-rule.entity';
import { IncidentsService } from './incidents.service';
import { toRuleDto } from './rule-dto';
import { thresholdTitle } from './titles';

/** How often the leader looks at the threshold rules. */
export const EVALUATE_EVERY_MS = 10_000;

const MINUTE_MS = 60_000;

/**
 * Whether every report of one minute was beyond the rule's threshold: its lowest above it, or its
 * highest below it (a minute with no figure is not).
 */
const beyond = (rule: AlertRule, minute: MinuteFigures): boolean => {
  const threshold = rule.threshold ?? 0;
  if (rule.kind === 'players_above') return minute.players !== null && minute.players.min > threshold;
  if (rule.kind === 'players_below') return minute.players !== null && minute.players.max < threshold;
  return minute.fps !== null && minute.fps.max < threshold;
};

/**
 * The threshold rules (players above or below, FPS below), on the leader every 10 s, from the
 * metrics' complete one-minute buckets. "For M minutes" means the condition held at every report
 * for M minutes in a row: an alert fires when each of the last M complete minutes was wholly
 * beyond the threshold and began after the rule began watching (armedAt: added, changed or turned
 * on), and resolves when the latest complete minute was not (or had no report). Neither a minute
 * beyond for a few of its seconds (its average would be) nor the minutes before the rule existed
 * count, so a rule waits its M minutes.
 */
@Injectable()
export class ThresholdEvaluator implements OnApplicationBootstrap, OnModuleDestroy {
  private role: HeldRole | null = null;

  constructor(
    private readonly leadership: Leadership,
    private readonly em: EntityManager,
    private readonly metrics: AlertMetrics,
    private readonly incidents: IncidentsService,
    private readonly clock: AlertsClock,
  ) {}

  onApplicationBootstrap(): void {
    this.role ??= this.leadership.whileLeader('alert evaluation', EVALUATE_EVERY_MS, () => this.evaluate());
  }

  async onModuleDestroy(): Promise<void> {
    const role = this.role;
    this.role = null;
    await role?.drop();
  }

  /** One pass over every enabled threshold rule; tests call it with their clock. */
  async evaluate(): Promise<void> {
    const em = this.em.fork();
    const now = this.clock.now();
    // The newest minute complete in the metrics (every instance has flushed it).
    const latest = Math.floor((now.getTime() - this.metrics.completeAfterMs) / MINUTE_MS) * MINUTE_MS;
    const rules = await em.find(AlertRuleRecord, { kind: { $in: [...THRESHOLD_RULE_KINDS] }, enabled: true });
    for (const record of rules) {
      const rule = toRuleDto(record);
      const servers = await em.find(
        GameServer,
        rule.serverId ? { id: rule.serverId, networkId: rule.networkId } : { networkId: rule.networkId },
        { fields: ['id', 'name'] },
      );
      if (servers.length === 0) continue;
      const minutes = rule.minutes ?? 1;
      const since = new Date(latest - (minutes - 1) * MINUTE_MS);
      const figures = await this.metrics.completeMinutes(
        servers.map((server) => server.id),
        since,
        now,
      );
      const firing = await this.incidents.firingSubjects(rule.networkId, rule.id);
      for (const server of servers) {
        const own = new Map(
          figures.filter((f) => f.serverId === server.id).map((f) => [f.minute.getTime(), f]),
        );
        await this.judge(rule, record.armedAt, server, own, latest, firing.has(`server:${server.id}`));
      }
    }
  }

  private async judge(
    rule: AlertRule,
    armedAt: Date,
    server: Pick<GameServer, 'id' | 'name'>,
    byMinute: Map<number, MinuteFigures>,
    latest: number,
    firing: boolean,
  ): Promise<void> {
    const minutes = rule.minutes ?? 1;
    // The incident's time: the end of the minute that decided it.
    const at = new Date(latest + MINUTE_MS);
    const subject = `server:${server.id}`;
    const last = byMinute.get(latest);
    if (firing) {
      if (!last || !beyond(rule, last))
        await this.incidents.resolveRule(rule.networkId, rule.id, subject, at);
      return;
    }
    // The first minute of the run began after the rule began watching.
    if (latest - (minutes - 1) * MINUTE_MS < armedAt.getTime()) return;
    for (let i = 0; i < minutes; i += 1) {
      const minute = byMinute.get(latest - i * MINUTE_MS);
      if (!minute || !beyond(rule, minute)) return;
    }
    await this.incidents.fire({
      rule,
      subject,
      serverId: server.id,
      serverName: server.name,
      title: thresholdTitle(rule, server.name),
      at,
    });
  }
}
