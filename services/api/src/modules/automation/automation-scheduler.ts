import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AUTOMATION_LIMITS } from '@outpost/contracts';
import { nextRunsOf } from '@outpost/validation';
import { Leadership, type HeldRole } from '../../core/cluster';
import { GameServer } from '../servers';
import { AutomationRuns } from './automation-runs';
import { AutomationRecord, AutomationRunRecord } from './automation.entity';

/** How often the leader looks for schedules that are due. */
export const SCHEDULER_EVERY_MS = 500;
const BATCH = 1_000;
const RETENTION_EVERY_MS = 3_600_000;

/** The time a schedule is due next after `after` (croner; daylight-saving days as it documents). */
export const nextDueOf = (
  automation: Pick<AutomationRecord, 'schedule' | 'enabled'>,
  after: Date,
): Date | null => {
  if (!automation.enabled || !automation.schedule) return null;
  return nextRunsOf(automation.schedule, 1, after)[0] ?? null;
};

/**
 * Starts the schedules' runs on the leader. The occurrence's runs go in first (one per server, each
 * unique by occurrence, so starting them again does nothing), then a compare-and-set on the
 * schedule's next_run_at moves it on. A leader that stops between the two leaves the occurrence due:
 * the one that takes over finds its runs there and only moves it on, so an occurrence is neither
 * started twice nor lost. An occurrence found more than 5 minutes late (no panel was up at its time)
 * is recorded as missed, once; a later one is due as usual.
 */
@Injectable()
export class AutomationScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AutomationScheduler');
  private role: HeldRole | null = null;
  private retention: HeldRole | null = null;

  constructor(
    private readonly leadership: Leadership,
    private readonly em: EntityManager,
    private readonly runs: AutomationRuns,
  ) {}

  onApplicationBootstrap(): void {
    this.role ??= this.leadership.whileLeader('automation schedules', SCHEDULER_EVERY_MS, () => this.tick(), {
      atStart: true,
    });
    this.retention ??= this.leadership.whileLeader(
      'automation run retention',
      RETENTION_EVERY_MS,
      () => this.purge(),
      {
        atStart: true,
      },
    );
  }

  /** Runs are kept 30 days (their actions go with them); answers how many went. */
  async purge(now = new Date()): Promise<number> {
    return this.em.fork().nativeDelete(AutomationRunRecord, {
      startedAt: { $lt: new Date(now.getTime() - AUTOMATION_LIMITS.runRetentionDays * 86_400_000) },
    });
  }

  async onModuleDestroy(): Promise<void> {
    const roles = [this.role, this.retention];
    this.role = null;
    this.retention = null;
    await Promise.all(roles.map((role) => role?.drop()));
  }

  /** Starts what is due at `now`; answers how many occurrences it claimed. */
  async tick(now = new Date()): Promise<number> {
    const due = await this.em
      .fork()
      .find(
        AutomationRecord,
        { kind: 'schedule', enabled: true, nextRunAt: { $lte: now } },
        { orderBy: { nextRunAt: 'asc' }, limit: BATCH },
      );
    let claimed = 0;
    for (const automation of due) {
      try {
        if (await this.claim(automation, now)) claimed += 1;
      } catch (error) {
        this.logger.warn(`Schedule ${automation.id} not started: ${(error as Error).message}`);
      }
    }
    return claimed;
  }

  private async claim(automation: AutomationRecord, now: Date): Promise<boolean> {
    const dueAt = automation.nextRunAt;
    if (!dueAt) return false;
    const late = now.getTime() - dueAt.getTime();
    await this.startOccurrence(automation, dueAt, now, {
      cause: 'schedule',
      occurrence: `schedule:${dueAt.toISOString()}`,
      missed: late > AUTOMATION_LIMITS.lateRunMs,
    });
    const next = nextDueOf(automation, new Date(Math.max(now.getTime(), dueAt.getTime())));
    const won = await this.em
      .fork()
      .nativeUpdate(AutomationRecord, { id: automation.id, nextRunAt: dueAt }, { nextRunAt: next });
    return won === 1;
  }

  /**
   * The occurrence's runs: one per server the automation names (every server of the network when
   * it names none); a server that is not online is skipped with the reason when the schedule asks.
   */
  async startOccurrence(
    automation: AutomationRecord,
    dueAt: Date,
    now: Date,
    how: { cause: 'schedule' | 'manual'; occurrence: string; missed?: boolean },
  ): Promise<string[]> {
    const servers = await this.em
      .fork()
      .find(
        GameServer,
        automation.serverIds
          ? { networkId: automation.networkId, id: { $in: automation.serverIds } }
          : { networkId: automation.networkId },
        { fields: ['id', 'name', 'status'], orderBy: { createdAt: 'asc', id: 'asc' } },
      );
    const started: string[] = [];
    for (const server of servers) {
      const offline = automation.schedule?.onlyWhenOnline && server.status !== 'online';
      const without = how.missed
        ? ({
            status: 'missed',
            reason: `Due at ${dueAt.toISOString()}, when no panel was running; found ${Math.round(
              (now.getTime() - dueAt.getTime()) / 60_000,
            )} minutes late`,
          } as const)
        : offline
          ? ({ status: 'skipped', reason: `${server.name} was not online` } as const)
          : undefined;
      const run = await this.runs.start({
        automation,
        server: { id: server.id, name: server.name },
        cause: how.cause,
        occurrence: `${how.occurrence}:${server.id}`,
        summary: how.cause === 'manual' ? 'Started by hand' : `Due at ${dueAt.toISOString()}`,
        steamId: null,
        context: { server: { name: server.name } },
        dueAt,
        now,
        without,
      });
      if (run) started.push(run.id);
    }
    return started;
  }
}
