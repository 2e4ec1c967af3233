import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger } from '@nestjs/common';
import type { AutomationRun, AutomationRunStatus } from '@outpost/contracts';
import { insertRows } from '../../core/database';
import { DomainEvents } from '../../core/events';
import { Network } from '../tenancy';
import {
  AutomationRecord,
  AutomationRunActionRecord,
  AutomationRunRecord,
  type RunContext,
} from './automation.entity';
import { sentBy } from './render';

/** What a run needs of its automation. */
export type RunAutomation = Pick<AutomationRecord, 'id' | 'networkId' | 'name' | 'actions'>;

/** What starts a run: its automation, where, why, and what its actions may name. */
export type RunStart = {
  automation: RunAutomation;
  server: { id: string; name: string } | null;
  cause: AutomationRun['cause'];
  /** Unique per automation: a second start of the same occurrence (another instance, a retry) does nothing. */
  occurrence: string;
  summary: string;
  steamId: string | null;
  context: RunContext;
  dueAt: Date;
  now: Date;
  /** A run recorded without acting (missed, or skipped with the reason). */
  without?: { status: Extract<AutomationRunStatus, 'missed' | 'skipped'>; reason: string };
};

/** How an automation appears as the actor of what it does (audit entries, commands). */
export const automationActor = (automation: Pick<AutomationRecord, 'id' | 'name'>) => ({
  id: `automation:${automation.id}`,
  name: `Automation “${automation.name}”`,
  email: '',
});

/** Runs stored (with what started each), their actions not yet: see AutomationRuns.startRuns. */
export type StartedRuns = readonly { input: RunStart; run: AutomationRunRecord }[];

/** A date as the database's driver takes it (a number on SQLite, a Date on PostgreSQL). */
type DbDate = Date | number;

/** The run (not yet stored): running, or finished at once when it is recorded without acting. */
const runOf = (input: RunStart): AutomationRunRecord => {
  const { automation, server, now } = input;
  return Object.assign(new AutomationRunRecord(), {
    networkId: automation.networkId,
    automationId: automation.id,
    automationName: automation.name,
    serverId: server?.id ?? null,
    serverName: server?.name ?? null,
    cause: input.cause,
    occurrence: input.occurrence.slice(0, 200),
    summary: input.summary.slice(0, 500),
    steamId: input.steamId,
    context: input.context,
    status: input.without?.status ?? 'running',
    reason: input.without?.reason ?? null,
    dueAt: input.dueAt,
    startedAt: now,
    finishedAt: input.without ? now : null,
  } satisfies Partial<AutomationRunRecord>);
};

/**
 * The run as automation_runs stores it: plain rows, not the ORM's query builder, whose mapping of
 * each value took longer than the insert itself when 10,000 schedules start at once
 * (bench/automation).
 */
const runRow = (run: AutomationRunRecord, date: (value: Date) => DbDate) => ({
  id: run.id,
  network_id: run.networkId,
  automation_id: run.automationId,
  automation_name: run.automationName,
  server_id: run.serverId,
  server_name: run.serverName,
  cause: run.cause,
  occurrence: run.occurrence,
  summary: run.summary,
  steam_id: run.steamId,
  context: JSON.stringify(run.context),
  status: run.status,
  reason: run.reason,
  due_at: date(run.dueAt),
  started_at: date(run.startedAt),
  finished_at: run.finishedAt ? date(run.finishedAt) : null,
});

/**
 * The run's actions in order, as automation_run_actions stores them: the first due after its
 * delay, or each skipped with the run's reason.
 */
const actionRowsOf = (input: RunStart, runId: string, date: (value: Date) => DbDate) =>
  input.automation.actions.map((action, position) => ({
    id: randomUUID(),
    run_id: runId,
    network_id: input.automation.networkId,
    position,
    type: action.type,
    spec: JSON.stringify(action),
    status: input.without ? 'skipped' : 'waiting',
    delay_seconds: action.delaySeconds ?? 0,
    continue_on_failure: action.continueOnFailure ?? false,
    due_at:
      !input.without && position === 0
        ? date(new Date(input.now.getTime() + (action.delaySeconds ?? 0) * 1000))
        : null,
    sent: input.without ? sentBy(action, input.context) : null,
    detail: input.without ? input.without.reason : null,
  }));

/**
 * Runs as rows: each is claimed once (unique occurrence), its actions in order with their own
 * outcome. Started by the scheduler and the triggers on any instance; carried out by the leader's
 * executor; every change is told on the live stream, and a finished run goes to the audit log with
 * the automation as its actor.
 */
@Injectable()
export class AutomationRuns {
  private readonly logger = new Logger('AutomationRuns');

  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
  ) {}

  /** The run it stored, or null when this occurrence already has one. */
  async start(input: RunStart): Promise<AutomationRunRecord | null> {
    return (await this.startMany([input]))[0] ?? null;
  }

  /**
   * Stores the runs, each with its actions, in one transaction and a few statements (a schedule
   * due on many servers, many schedules due at once): an occurrence that already has its run is
   * left as it is (unique occurrence, ON CONFLICT DO NOTHING), so starting the same ones again, on
   * this instance or another, does nothing. Answers the runs it stored.
   */
  async startMany(inputs: readonly RunStart[]): Promise<AutomationRunRecord[]> {
    if (inputs.length === 0) return [];
    const stored = await this.em.fork().transactional(async (em) => {
      const fresh = await this.insertRuns(em, inputs);
      await this.insertActions(em, fresh);
      return fresh;
    });
    await this.started(stored);
    return stored.map(({ run }) => run);
  }

  /**
   * Stores the runs only, in one transaction (as startMany): a burst of schedules is started
   * sooner when their actions follow once all of its runs are in (storeActions). Until then the
   * executor finds nothing of theirs to send; a run whose actions never came (the panel stopped in
   * between) is ended as failed by the executor's repair.
   */
  async startRuns(inputs: readonly RunStart[]): Promise<StartedRuns> {
    if (inputs.length === 0) return [];
    const stored = await this.em.fork().transactional((em) => this.insertRuns(em, inputs));
    await this.started(stored);
    return stored;
  }

  /** The actions of runs started by startRuns, in one transaction. */
  async storeActions(started: StartedRuns): Promise<void> {
    if (started.length === 0) return;
    await this.em.fork().transactional((em) => this.insertActions(em, started));
  }

  /** Inserts the runs not stored yet; answers those it inserted. */
  private async insertRuns(em: EntityManager, inputs: readonly RunStart[]): Promise<StartedRuns> {
    // In one order on every instance, so two that start the same occurrences never deadlock.
    const keyOf = ({ run }: { run: AutomationRunRecord }) => `${run.automationId} ${run.occurrence}`;
    const planned = inputs
      .map((input) => ({ input, run: runOf(input) }))
      .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
    const date = (value: Date) => em.getPlatform().processDateProperty(value) as DbDate;
    const ids = new Set(
      await insertRows(
        em,
        'automation_runs',
        planned.map(({ run }) => runRow(run, date)),
        { ignoreConflictOn: ['automation_id', 'occurrence'], returning: 'id' },
      ),
    );
    return planned.filter(({ run }) => ids.has(run.id));
  }

  /** Inserts the runs' actions (after the runs: their foreign key names them). */
  private async insertActions(em: EntityManager, started: StartedRuns): Promise<void> {
    const date = (value: Date) => em.getPlatform().processDateProperty(value) as DbDate;
    await insertRows(
      em,
      'automation_run_actions',
      started.flatMap(({ input, run }) => actionRowsOf(input, run.id, date)),
    );
  }

  /** Tells the live stream of the runs stored, and audits those recorded without acting. */
  private async started(stored: StartedRuns): Promise<void> {
    for (const { run } of stored) this.changed(run);
    for (const { input, run } of stored) if (input.without) await this.audit(run, []);
  }

  /** Tells the live stream that the run moved. */
  changed(run: Pick<AutomationRunRecord, 'networkId' | 'automationId' | 'id' | 'serverId'>): void {
    this.events.emit('automation.run', {
      networkId: run.networkId,
      automationId: run.automationId,
      runId: run.id,
      serverId: run.serverId,
    });
  }

  /** The finished run's audit entry: the automation is its actor, each action's outcome its details. */
  async audit(run: AutomationRunRecord, actions: readonly AutomationRunActionRecord[]): Promise<void> {
    try {
      const em = this.em.fork();
      const network = await em.findOne(Network, { id: run.networkId }, { fields: ['name'] });
      if (!network) return;
      await this.events.publish(automationActor({ id: run.automationId, name: run.automationName }), {
        action: 'automation.ran',
        networkId: run.networkId,
        networkName: network.name,
        target: { type: 'automation', id: run.automationId, name: run.automationName },
        details: {
          runId: run.id,
          cause: run.cause,
          status: run.status,
          ...(run.reason ? { reason: run.reason } : {}),
          ...(run.serverId ? { serverId: run.serverId, serverName: run.serverName } : {}),
          ...(run.steamId ? { steamId: run.steamId } : {}),
          actions: [...actions]
            .sort((a, b) => a.position - b.position)
            .map((action) => ({ type: action.type, status: action.status })),
        },
      });
    } catch (error) {
      this.logger.warn(`Audit entry of run ${run.id} not stored: ${(error as Error).message}`);
    }
  }
}
