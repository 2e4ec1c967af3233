import { setTimeout as sleep } from 'node:timers/promises';
import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AUTOMATION_LIMITS } from '@outpost/contracts';
import { nextRunsOf } from '@outpost/validation';
import { Leadership, type HeldRole } from '../../core/cluster';
import { knexIn } from '../../core/database';
import { AutomationRuns, type RunStart, type StartedRuns } from './automation-runs';
import { AutomationRecord, AutomationRunRecord } from './automation.entity';
import {
  DueSchedules,
  LOOK,
  type DueSchedule,
  type Prepared,
  type ServerOfRun,
  type ServersOf,
} from './due-schedules';

/** How often the leader looks for schedules that are due. */
export const SCHEDULER_EVERY_MS = 500;
/** How long before their time the schedules due then are read. */
const PREPARE_AHEAD_MS = 3_000;
/** Schedules started a chunk at a time, two chunks at once. */
const CHUNK = 2_000;
const CHUNKS_AT_ONCE = 2;
/** Schedules moved on by one statement (SQLite binds a few thousand values to one). */
const MOVE_AT_ONCE = 2_000;
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
  ) {
    this.due = new DueSchedules(em);
  }

  /** How it reads what is due (and what will be, before its time). */
  readonly due: DueSchedules;

  onApplicationBootstrap(): void {
    this.role ??= this.leadership.whileLeader(
      'automation schedules',
      SCHEDULER_EVERY_MS,
      (signal) => this.tick(undefined, signal),
      { atStart: true },
    );
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

  /**
   * True while a burst of schedules due together is being started (more than a chunk): the
   * executor holds its sending back meanwhile, so the runs start on time (bench/automation).
   */
  get bursting(): boolean {
    return this.burst;
  }

  private burst = false;

  /**
   * Starts what is due, all of it read at once and started a chunk at a time (two at once: the
   * panel prepares one while the database stores the other), then waits within the look for one
   * due before the next look (so it starts on time, not up to SCHEDULER_EVERY_MS late). What is
   * due is read at the time the look begins (or at `now`, a test's clock: one pass, no waiting).
   * Answers how many occurrences it claimed.
   */
  async tick(now?: Date, signal?: AbortSignal): Promise<number> {
    try {
      return await this.drain(now, signal);
    } finally {
      this.burst = false;
    }
  }

  private async drain(now?: Date, signal?: AbortSignal): Promise<number> {
    let claimed = 0;
    for (;;) {
      const at = now ?? new Date();
      const ahead = this.takePrepared(at);
      const { due, serversOf } = ahead
        ? await this.due.readWith(at, ahead)
        : { due: await this.due.read(at), serversOf: undefined };
      this.burst = due.length > CHUNK;
      const won = due.length ? await this.startChunks(due, now, serversOf) : 0;
      claimed += won;
      this.burst = false;
      // A full look that moved on: more may be due. One that did not is tried again at the next look.
      if (due.length === LOOK && won > 0) continue;
      if (now || signal?.aborted) return claimed;
      const soonest = await this.em.fork().findOne(
        AutomationRecord,
        {
          kind: 'schedule',
          enabled: true,
          nextRunAt: { $gt: at, $lte: new Date(at.getTime() + PREPARE_AHEAD_MS) },
        },
        { orderBy: { nextRunAt: 'asc' }, fields: ['nextRunAt'] },
      );
      if (!soonest?.nextRunAt) return claimed;
      // What will be due then is read meanwhile (taken at its time while unchanged), so that its
      // runs start at its time rather than after reading it.
      if (this.prepared?.at.getTime() !== soonest.nextRunAt.getTime())
        this.prepared = await this.due.prepare(soonest.nextRunAt);
      const wait = soonest.nextRunAt.getTime() - Date.now();
      if (wait > SCHEDULER_EVERY_MS) return claimed; // a later look waits for it
      try {
        await sleep(Math.max(1, wait), undefined, { signal });
      } catch {
        return claimed; // stepped down meanwhile
      }
    }
  }

  /** What was read before its time, once that time has come (not when it is long past). */
  private takePrepared(at: Date): Prepared | null {
    const prepared = this.prepared;
    if (!prepared || prepared.at > at) return null;
    this.prepared = null;
    return at.getTime() - prepared.at.getTime() < PREPARE_AHEAD_MS ? prepared : null;
  }

  private prepared: Prepared | null = null;

  /**
   * Starts the due schedules' runs a chunk at a time, CHUNKS_AT_ONCE chunks at once, grouped by
   * network (two chunks stored at once then seldom lock the same network's and servers' rows, which
   * the runs' foreign keys do). Once all of the runs are in, the schedules are moved on and the
   * runs' actions stored. Answers how many schedules it moved on.
   */
  private async startChunks(due: readonly DueSchedule[], now?: Date, serversOf?: ServersOf): Promise<number> {
    const byNetwork = [...due].sort((a, b) =>
      a.networkId < b.networkId ? -1 : a.networkId > b.networkId ? 1 : a.id < b.id ? -1 : 1,
    );
    const chunks = Array.from({ length: Math.ceil(byNetwork.length / CHUNK) }, (_, i) =>
      byNetwork.slice(i * CHUNK, (i + 1) * CHUNK),
    );
    const started: StartedRuns[number][] = [];
    const unstarted: DueSchedule[] = [];
    // Each chunk's runs start when it does (on a test's clock, at its time).
    const worker = async () => {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        const outcome = await this.startDue(chunk, now ?? new Date(), serversOf);
        started.push(...outcome.started);
        unstarted.push(...outcome.unstarted);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CHUNKS_AT_ONCE, chunks.length) }, worker));
    // One whose runs could not be stored stays due: the next look tries it again.
    const failed = new Set(unstarted);
    const moved = await this.em.fork().transactional((em) =>
      this.moveOn(
        em,
        due.filter((automation) => !failed.has(automation)),
        now ?? new Date(),
      ),
    );
    try {
      await this.runs.storeActions(started);
    } catch (error) {
      this.logger.warn(`Actions of ${started.length} runs not stored: ${(error as Error).message}`);
    }
    return moved.size;
  }

  /**
   * Stores the runs of a batch of schedules' due occurrences in one transaction (one already there,
   * stored by another instance or an earlier look, is left as it is). When the batch fails as a
   * whole, each schedule's are stored on their own, so one that cannot be started holds up no
   * other; answers the runs stored and the schedules whose runs could not be.
   */
  private async startDue(
    due: readonly DueSchedule[],
    now: Date,
    serversOf?: ServersOf,
  ): Promise<{ started: StartedRuns; unstarted: DueSchedule[] }> {
    try {
      return { started: await this.startTogether(due, now, serversOf), unstarted: [] };
    } catch (error) {
      this.logger.warn(`${due.length} schedules not started at once: ${(error as Error).message}`);
    }
    const outcome = { started: [] as StartedRuns[number][], unstarted: [] as DueSchedule[] };
    for (const automation of due) {
      try {
        outcome.started.push(...(await this.startTogether([automation], now)));
      } catch (error) {
        outcome.unstarted.push(automation);
        this.logger.warn(`Schedule ${automation.id} not started: ${(error as Error).message}`);
      }
    }
    return outcome;
  }

  private async startTogether(
    due: readonly DueSchedule[],
    now: Date,
    read?: ServersOf,
  ): Promise<StartedRuns> {
    const serversOf = read ?? (await this.due.serversOf(due));
    return this.runs.startRuns(due.flatMap((automation) => this.occurrenceOf(automation, now, serversOf)));
  }

  /** The runs of the schedule's due occurrence (missed when found over 5 minutes late). */
  private occurrenceOf(automation: DueSchedule, now: Date, serversOf: ServersOf): RunStart[] {
    const dueAt = automation.nextRunAt;
    if (!dueAt) return [];
    return this.runsOf(automation, serversOf(automation), dueAt, now, {
      cause: 'schedule',
      occurrence: `schedule:${dueAt.toISOString()}`,
      missed: now.getTime() - dueAt.getTime() > AUTOMATION_LIMITS.lateRunMs,
    });
  }

  /**
   * Moves each schedule on from the occurrence it was due for to its next, in the transaction of
   * `em`, one statement for those due at the same time with the same next; answers the schedules
   * it moved (one moved on by another instance first is not among them).
   */
  private async moveOn(em: EntityManager, due: readonly DueSchedule[], now: Date): Promise<Set<string>> {
    const groups = new Map<string, { dueAt: Date; next: Date | null; ids: string[] }>();
    // Schedules alike (the same cron and zone, due at the same time) have the same next time.
    const nextOf = new Map<string, Date | null>();
    for (const automation of due) {
      const dueAt = automation.nextRunAt;
      if (!dueAt) continue;
      const after = new Date(Math.max(now.getTime(), dueAt.getTime()));
      const alike = `${JSON.stringify(automation.schedule)}@${after.getTime()}`;
      if (!nextOf.has(alike)) nextOf.set(alike, this.nextOrNone(automation, after));
      const next = nextOf.get(alike) ?? null;
      const key = `${dueAt.getTime()}>${next?.getTime() ?? 'none'}`;
      const group = groups.get(key) ?? { dueAt, next, ids: [] };
      group.ids.push(automation.id);
      groups.set(key, group);
    }
    const knex = knexIn(em);
    const date = (value: Date) => em.getPlatform().processDateProperty(value) as Date | number;
    const moved = new Set<string>();
    for (const { dueAt, next, ids } of groups.values())
      for (let from = 0; from < ids.length; from += MOVE_AT_ONCE) {
        const rows: { id: string }[] = await knex('automations')
          .whereIn('id', ids.slice(from, from + MOVE_AT_ONCE))
          .andWhere('next_run_at', date(dueAt))
          .update({ next_run_at: next ? date(next) : null })
          .returning('id');
        for (const row of rows) moved.add(row.id);
      }
    return moved;
  }

  /**
   * Its next time; none when its cron cannot be read (a row changed behind the API's back): this
   * occurrence still runs, and the schedule is due no more instead of being looked at for ever.
   */
  private nextOrNone(automation: DueSchedule, after: Date): Date | null {
    try {
      return nextDueOf(automation, after);
    } catch (error) {
      this.logger.warn(`Schedule ${automation.id} has no next time: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * An occurrence's runs, stored at once: one per server the automation names (every server of the
   * network when it names none). Answers the ids of the runs it stored.
   */
  async startOccurrence(
    automation: AutomationRecord,
    dueAt: Date,
    now: Date,
    how: { cause: 'schedule' | 'manual'; occurrence: string; missed?: boolean },
  ): Promise<string[]> {
    const serversOf = await this.due.serversOf([automation]);
    const runs = await this.runs.startMany(this.runsOf(automation, serversOf(automation), dueAt, now, how));
    return runs.map((run) => run.id);
  }

  /**
   * The runs of an occurrence, one per server; a server that is not online is skipped with the
   * reason when the schedule asks.
   */
  private runsOf(
    automation: DueSchedule,
    servers: readonly ServerOfRun[],
    dueAt: Date,
    now: Date,
    how: { cause: 'schedule' | 'manual'; occurrence: string; missed?: boolean },
  ): RunStart[] {
    return servers.map((server) => {
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
      return {
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
      };
    });
  }
}
