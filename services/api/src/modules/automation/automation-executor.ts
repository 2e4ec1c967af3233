import { EntityManager, RequestContext } from '@mikro-orm/core';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AUTOMATION_LIMITS } from '@outpost/contracts';
import { Leadership, type HeldRole } from '../../core/cluster';
import { DomainError } from '../../core/http';
import { AutomationNotices } from '../alerts';
import { CommandsService } from '../commands';
import { DiscordReports } from '../discord';
import { addPlayerNote } from '../players';
import { ModerationService } from '../punishments';
import { GameServer } from '../servers';
import { automationActor, AutomationRuns } from './automation-runs';
import { AutomationScheduler } from './automation-scheduler';
import { AutomationRunActionRecord, AutomationRunRecord } from './automation.entity';
import { commandOutcome, FAILED, FINAL, type Outcome } from './action-outcome';
import { sentBy } from './render';

/** How often the leader looks for actions that are due and for the outcomes of those sent. */
export const EXECUTOR_EVERY_MS = 250;
/** A run goes on after this long even when a command's outcome has not arrived (it is still followed). */
export const OUTCOME_WAIT_MS = 60_000;
/** How long an action's outcome is followed at most. */
const FOLLOW_MS = 15 * 60_000;
const BATCH = 200;
/** How often the leader looks for what a stopped leader left half done. */
const REPAIR_EVERY_MS = 10_000;
/** An action claimed this long ago and still not marked sent was interrupted. */
const STALE_CLAIM_MS = 60_000;

/**
 * Carries out runs on the leader: each action when it is due (once the one before it reached its
 * outcome, and its delay after the game server took that one), through the paths a person's action takes (a command with its outcome, the
 * one moderation path, alert deliveries), each claimed by a conditional update so it is sent once.
 * At most AUTOMATION_LIMITS.actionsPerMinute actions a minute per network; the excess is skipped
 * with the reason.
 */
@Injectable()
export class AutomationExecutor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AutomationExecutor');
  private role: HeldRole | null = null;
  private repairedAt = 0;

  constructor(
    private readonly leadership: Leadership,
    private readonly em: EntityManager,
    private readonly runs: AutomationRuns,
    private readonly commands: CommandsService,
    private readonly moderation: ModerationService,
    private readonly notices: AutomationNotices,
    private readonly scheduler: AutomationScheduler,
    private readonly discord: DiscordReports,
  ) {}

  onApplicationBootstrap(): void {
    this.role ??= this.leadership.whileLeader('automation runs', EXECUTOR_EVERY_MS, () => this.tick(), {
      atStart: true,
    });
  }

  async onModuleDestroy(): Promise<void> {
    const role = this.role;
    this.role = null;
    await role?.drop();
  }

  /** One pass: sends what is due, then reads the outcomes of what was sent. */
  async tick(now = new Date()): Promise<void> {
    // While the scheduler starts a burst of runs, their actions wait a moment: starting each on
    // time comes first.
    if (!this.scheduler.bursting) await this.sendDue(now);
    await this.followUp(now);
    if (now.getTime() - this.repairedAt >= REPAIR_EVERY_MS) {
      this.repairedAt = now.getTime();
      await this.repair(now);
    }
  }

  /**
   * What a leader that stopped mid-way left (this one, or the one before a takeover): an action
   * claimed but never marked sent is failed with why (it may or may not have reached the server,
   * so it is not sent again), a run whose last action has its outcome but whose next was never
   * made due moves on, and a run whose actions were never stored fails with why.
   */
  async repair(now = new Date()): Promise<void> {
    const em = this.em.fork();
    const stale = new Date(now.getTime() - STALE_CLAIM_MS);
    const interrupted = await em.find(
      AutomationRunActionRecord,
      { status: 'waiting', startedAt: { $ne: null, $lt: stale } },
      { limit: BATCH },
    );
    for (const action of interrupted) {
      const marked = await em.nativeUpdate(
        AutomationRunActionRecord,
        { id: action.id, status: 'waiting' },
        {
          status: 'failed',
          detail:
            'Interrupted: the panel stopped while sending it (it may or may not have reached the server)',
          finishedAt: now,
        },
      );
      const run = marked === 1 ? await em.findOne(AutomationRunRecord, { id: action.runId }) : null;
      if (run) {
        this.runs.changed(run);
        await this.advance(run, { ...action, status: 'failed' }, now);
      }
    }
    const stalled = await em.find(
      AutomationRunRecord,
      { status: 'running', startedAt: { $lt: stale } },
      { orderBy: { startedAt: 'asc' }, limit: BATCH },
    );
    for (const run of stalled) {
      const actions = await em.find(
        AutomationRunActionRecord,
        { runId: run.id },
        { orderBy: { position: 'asc' } },
      );
      const inFlight = actions.some(
        (action) =>
          (action.status === 'waiting' && (action.dueAt !== null || action.startedAt !== null)) ||
          ((action.status === 'pending' || action.status === 'delivered') &&
            now.getTime() - (action.startedAt?.getTime() ?? 0) <= OUTCOME_WAIT_MS),
      );
      if (inFlight) continue;
      if (actions.length === 0) {
        await this.endWithoutActions(run, now);
        continue;
      }
      const last = [...actions].reverse().find((action) => action.status !== 'waiting');
      if (last) await this.advance(run, last, now);
      else if (actions[0])
        await this.advance(run, { position: -1, status: 'succeeded', continueOnFailure: false }, now);
    }
  }

  private async sendDue(now: Date): Promise<void> {
    const due = await this.em
      .fork()
      .find(
        AutomationRunActionRecord,
        { status: 'waiting', dueAt: { $lte: now }, startedAt: null },
        { orderBy: { dueAt: 'asc', id: 'asc' }, limit: BATCH },
      );
    for (const action of due) {
      try {
        await this.send(action, now);
      } catch (error) {
        this.logger.warn(`Action ${action.id} not sent: ${(error as Error).message}`);
      }
    }
  }

  private async send(action: AutomationRunActionRecord, now: Date): Promise<void> {
    const em = this.em.fork();
    const claimed = await em.nativeUpdate(
      AutomationRunActionRecord,
      { id: action.id, status: 'waiting', startedAt: null },
      { startedAt: now },
    );
    if (claimed !== 1) return;
    const run = await em.findOne(AutomationRunRecord, { id: action.runId });
    if (!run || run.status !== 'running') return;
    const spec = action.spec;
    const sent = sentBy(spec, run.context);
    const recent = await em.count(AutomationRunActionRecord, {
      networkId: action.networkId,
      startedAt: { $gt: new Date(now.getTime() - 60_000) },
      status: { $ne: 'skipped' },
      id: { $ne: action.id },
    });
    let outcome: Outcome & { commandId?: string; refs?: string[] };
    if (recent >= AUTOMATION_LIMITS.actionsPerMinute) {
      outcome = {
        status: 'skipped',
        detail: `The network ran ${AUTOMATION_LIMITS.actionsPerMinute} automation actions in the last minute`,
      };
    } else {
      // Outside any request: the services it calls get a context of their own.
      outcome = await RequestContext.create(this.em, () => this.carryOut(run, action, sent, now)).catch(
        (error: unknown) => ({
          status: 'failed' as const,
          detail:
            error instanceof DomainError ? error.message : `Could not be sent: ${(error as Error).message}`,
        }),
      );
    }
    await em.nativeUpdate(
      AutomationRunActionRecord,
      { id: action.id },
      {
        status: outcome.status,
        sent,
        detail: outcome.detail,
        commandId: outcome.commandId ?? null,
        refs: outcome.refs ?? [],
        finishedAt: FINAL.includes(outcome.status) ? now : null,
      },
    );
    this.runs.changed(run);
    if (FINAL.includes(outcome.status)) await this.advance(run, { ...action, status: outcome.status }, now);
  }

  /** Does the action through the path a person's would take; answers its first status. */
  private async carryOut(
    run: AutomationRunRecord,
    action: AutomationRunActionRecord,
    sent: string,
    now: Date,
  ): Promise<Outcome & { commandId?: string; refs?: string[] }> {
    const spec = action.spec;
    const actor = automationActor({ id: run.automationId, name: run.automationName });
    if (spec.type === 'discord') {
      const outcome = await this.discord.post(run.networkId, sent);
      return outcome.posted
        ? { status: 'succeeded', detail: null }
        : { status: 'failed', detail: outcome.why };
    }
    if (spec.type === 'alert') {
      const refs = await this.notices.send({
        networkId: run.networkId,
        serverId: run.serverId,
        serverName: run.serverName,
        automationId: run.automationId,
        title: sent || `${run.automationName}: ${run.summary}`,
        channelIds: spec.channelIds,
      });
      return refs.length
        ? { status: 'pending', detail: null, refs }
        : { status: 'failed', detail: 'None of the chosen alert channels exists and is enabled' };
    }
    if (!run.serverId) return { status: 'failed', detail: 'The run names no server' };
    const server = await this.em.fork().findOne(GameServer, { id: run.serverId, networkId: run.networkId });
    if (!server) return { status: 'failed', detail: 'The server was removed' };
    if (spec.type === 'console' || spec.type === 'broadcast') {
      const command = await this.commands.send({
        networkId: run.networkId,
        serverId: server.id,
        type: 'console',
        payload: { command: sent },
        issuedBy: { id: actor.id, name: actor.name },
        createdAt: now,
      });
      return { status: 'pending', detail: null, commandId: command.id };
    }
    const steamId = run.steamId;
    if (!steamId) return { status: 'failed', detail: 'The run names no player' };
    if (spec.type === 'note') {
      await addPlayerNote(this.em.fork(), {
        networkId: run.networkId,
        steamId,
        text: sent,
        author: { id: actor.id, name: actor.name },
        at: now,
      });
      return { status: 'succeeded', detail: null };
    }
    const user = { ...actor, isDemo: false, sessionId: '' };
    const result = await this.moderation.act(user, server, steamId, spec.type as 'kick' | 'warn' | 'ban', {
      serverId: server.id,
      reason: sent,
      ...(spec.type === 'ban'
        ? {
            durationSeconds: spec.durationMinutes === null ? null : spec.durationMinutes * 60,
            duration: spec.durationMinutes === null ? null : `${spec.durationMinutes}m`,
            scope: spec.scope,
          }
        : {}),
    });
    return { status: 'pending', detail: null, commandId: result.commandId, refs: [result.punishment.id] };
  }

  /** Reads the outcomes of the actions sent and not yet finished; a run goes on once one is known. */
  private async followUp(now: Date): Promise<void> {
    const em = this.em.fork();
    const open = await em.find(
      AutomationRunActionRecord,
      { status: { $in: ['pending', 'delivered'] }, startedAt: { $gt: new Date(now.getTime() - FOLLOW_MS) } },
      { limit: BATCH },
    );
    if (open.length === 0) return;
    const items = await this.commands.items(
      open.flatMap((action) => (action.commandId ? [action.commandId] : [])),
      now,
    );
    for (const action of open) {
      let outcome: Outcome | null = null;
      // The next action's delay counts from when the game server took this one (a `say` is
      // confirmed only by the game's silence, seconds later: a countdown must not drift by it).
      let from = now;
      if (action.commandId) {
        const item = items.get(action.commandId);
        outcome = item ? commandOutcome(item) : { status: 'failed', detail: 'The command was removed' };
        if (item?.deliveredAt) from = new Date(Date.parse(item.deliveredAt));
      } else if (action.refs.length) {
        outcome = await this.notices.outcome(action.refs);
      }
      if (!outcome) continue;
      const final = FINAL.includes(outcome.status);
      const waitedOut = !final && now.getTime() - (action.startedAt?.getTime() ?? 0) > OUTCOME_WAIT_MS;
      if (outcome.status !== action.status || outcome.detail !== action.detail) {
        await em.nativeUpdate(
          AutomationRunActionRecord,
          { id: action.id, status: action.status },
          { status: outcome.status, detail: outcome.detail, finishedAt: final ? now : null },
        );
        const run = await em.findOne(AutomationRunRecord, { id: action.runId });
        if (run) {
          this.runs.changed(run);
          if (final) await this.advance(run, { ...action, status: outcome.status }, now, from);
        }
      }
      if (waitedOut) {
        const run = await em.findOne(AutomationRunRecord, { id: action.runId });
        if (run) await this.advance(run, action, now);
      }
    }
  }

  /**
   * The action reached its outcome (or was waited for long enough): the next one becomes due after
   * its delay, or the run ends. A failure stops the run unless the action says to go on.
   */
  private async advance(
    run: AutomationRunRecord,
    action: Pick<AutomationRunActionRecord, 'position' | 'status' | 'continueOnFailure'>,
    now: Date,
    from: Date = now,
  ): Promise<void> {
    const em = this.em.fork();
    const stops =
      (FAILED.includes(action.status) && !action.continueOnFailure) || action.status === 'skipped';
    if (stops) {
      await em.nativeUpdate(
        AutomationRunActionRecord,
        { runId: run.id, status: 'waiting', startedAt: null },
        {
          status: 'skipped',
          detail:
            action.status === 'skipped'
              ? 'Not run: the one before it was skipped'
              : 'Not run: an earlier action failed',
          finishedAt: now,
        },
      );
    } else {
      const next = await em.findOne(AutomationRunActionRecord, {
        runId: run.id,
        position: action.position + 1,
      });
      if (next) {
        if (next.status === 'waiting' && next.dueAt === null && next.startedAt === null)
          await em.nativeUpdate(
            AutomationRunActionRecord,
            { id: next.id, status: 'waiting', dueAt: null, startedAt: null },
            { dueAt: new Date(Math.max(now.getTime(), from.getTime() + next.delaySeconds * 1000)) },
          );
        return;
      }
    }
    await this.finish(run, now);
  }

  /** A run whose actions were never stored (the panel stopped between the two) fails with why, once. */
  private async endWithoutActions(run: AutomationRunRecord, now: Date): Promise<void> {
    const reason = 'Its actions were not stored: the panel stopped as it started the run';
    const ended = await this.em
      .fork()
      .nativeUpdate(
        AutomationRunRecord,
        { id: run.id, status: 'running' },
        { status: 'failed', finishedAt: now, reason },
      );
    if (ended !== 1) return;
    this.runs.changed(run);
    await this.runs.audit({ ...run, status: 'failed', reason, finishedAt: now } as AutomationRunRecord, []);
  }

  /** Ends the run once (a conditional update): its status follows from its actions'. */
  private async finish(run: AutomationRunRecord, now: Date): Promise<void> {
    const em = this.em.fork();
    const actions = await em.find(AutomationRunActionRecord, { runId: run.id });
    const status = actions.some((action) => FAILED.includes(action.status))
      ? 'failed'
      : actions.every((action) => action.status === 'skipped')
        ? 'skipped'
        : 'succeeded';
    const reason = status === 'skipped' ? (actions.find((action) => action.detail)?.detail ?? null) : null;
    const ended = await em.nativeUpdate(
      AutomationRunRecord,
      { id: run.id, status: 'running' },
      { status, finishedAt: now, reason },
    );
    if (ended !== 1) return;
    this.runs.changed(run);
    await this.runs.audit({ ...run, status, reason, finishedAt: now } as AutomationRunRecord, actions);
  }
}
