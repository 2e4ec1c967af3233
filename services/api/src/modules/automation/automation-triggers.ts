import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { KeyedQueue } from '../../core/concurrency';
import type { AutomationEvent } from '@outpost/contracts';
import {
  DomainEvents,
  type PlayersMovedEvent,
  type ReportChangedEvent,
  type ServerEventsStoredEvent,
  type ServerReportedEvent,
  type ServerStatusChangedEvent,
} from '../../core/events';
import { RulesService } from '../alerts';
import { linkedSteamIdsOf } from '../discord';
import { firstTimers, PlayerRecord } from '../players';
import { ReportRecord } from '../reports';
import { GameServer } from '../servers';
import { AutomationRuns } from './automation-runs';
import { AutomationRecord, AutomationRunActionRecord, AutomationRunRecord } from './automation.entity';
import { happeningOf } from './stored-happenings';
import { TriggerCache } from './trigger-cache';
import { matchTrigger, type Happening } from './trigger-match';

/** A report counts as just arrived this long (the same event says a report was worked on). */
const NEW_REPORT_MS = 60_000;
/** An event this soon after the automation acted on the same server (and player) is taken as its own doing. */
export const OWN_DOING_MS = 120_000;
/** Events that an automation's own actions can cause (a kick makes a player leave, a restart takes a server down). */
const CONSEQUENCES: readonly AutomationEvent[] = [
  'player.left',
  'players.count',
  'server.offline',
  'server.online',
];

/**
 * Listens, on every instance, to what the panel already sees (a heartbeat's joins and leaves and
 * player count, stored events' chat and AntiHack lines, reports, status changes) and starts the
 * runs of the triggers that answer it; the leader's executor then carries them out. A run is
 * unique by its event, so an event is answered once however many instances see it.
 */
@Injectable()
export class AutomationTriggers implements OnModuleInit {
  private readonly logger = new Logger('AutomationTriggers');
  private readonly triggers: TriggerCache;
  private readonly names = new Map<string, { name: string; at: number }>();
  /** Each server's last reported player count (players.count fires on a crossing). */
  private readonly counts = new Map<string, number>();
  /** Each automation's cooldown checks and run starts on this instance, one at a time, in order. */
  private readonly inTurn = new KeyedQueue<AutomationRunRecord | null>(Number.POSITIVE_INFINITY);

  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
    private readonly runs: AutomationRuns,
    private readonly rules: RulesService,
  ) {
    this.triggers = new TriggerCache(em);
  }

  onModuleInit(): void {
    const guard =
      <E>(handler: (event: E) => Promise<void>) =>
      async (event: E) => {
        try {
          await handler(event);
        } catch (error) {
          this.logger.warn(`Trigger not answered: ${(error as Error).message}`);
        }
      };
    this.events.on(
      'players.moved',
      guard((event) => this.playersMoved(event)),
    );
    this.events.on(
      'server.eventsStored',
      guard((event) => this.eventsStored(event)),
    );
    this.events.on(
      'report.changed',
      guard((event) => this.reportChanged(event)),
    );
    this.events.on(
      'server.statusChanged',
      guard((event) => this.statusChanged(event)),
    );
    this.events.on(
      'server.reported',
      guard((event) => this.reported(event)),
    );
  }

  /** Reads the network's triggers again at the next event (after an edit on this instance). */
  forget(networkId: string): void {
    this.triggers.forget(networkId);
  }

  /** The network's enabled triggers for this event and server (from memory, read again every 5 s). */
  triggersFor(networkId: string, event: AutomationEvent, serverId: string): Promise<AutomationRecord[]> {
    return this.triggers.of(networkId, event, serverId);
  }

  async serverNameOf(serverId: string): Promise<string> {
    const known = this.names.get(serverId);
    if (known && Date.now() - known.at < 30_000) return known.name;
    const server = await this.em.fork().findOne(GameServer, { id: serverId }, { fields: ['name'] });
    const name = server?.name ?? 'a removed server';
    this.names.set(serverId, { name, at: Date.now() });
    return name;
  }

  /** Starts the runs of the automations that answer the happening. */
  async answer(happening: Happening, automations: readonly AutomationRecord[]): Promise<number> {
    let started = 0;
    let watchList: Set<string> | null = null;
    let linkedList: Set<string> | null = null;
    for (const automation of automations) {
      const trigger = automation.trigger;
      if (!trigger) continue;
      if (trigger.watched != null && watchList === null)
        watchList = new Set(await this.rules.watched(happening.networkId));
      if (trigger.linked != null && linkedList === null)
        linkedList = await linkedSteamIdsOf(this.em.fork(), happening.networkId);
      const match = matchTrigger(trigger, happening, {
        watched: (steamId) => watchList?.has(steamId) ?? false,
        linked: (steamId) => linkedList?.has(steamId) ?? false,
      });
      if (!match) continue;
      // After the automation's earlier work on this instance: two events at once never both pass
      // a cooldown that the first one's run starts.
      const run = await this.inTurn.run(automation.id, async () => {
        if (await this.held(automation, happening)) return null;
        return this.runs.start({
          automation,
          server: { id: happening.serverId, name: happening.serverName },
          cause: happening.event,
          occurrence: `${happening.event}:${happening.key}`,
          summary: match.summary,
          steamId: happening.player?.steamId ?? null,
          context: match.context,
          dueAt: happening.at,
          now: new Date(),
        });
      });
      if (run) started += 1;
    }
    return started;
  }

  /** A cooldown holds, or the happening is the automation's own doing: no run. */
  private async held(automation: AutomationRecord, happening: Happening): Promise<boolean> {
    const em = this.em.fork();
    const now = Date.now();
    if (automation.cooldownSeconds > 0) {
      const recent = await em.count(AutomationRunRecord, {
        automationId: automation.id,
        startedAt: { $gt: new Date(now - automation.cooldownSeconds * 1000) },
        status: { $nin: ['missed', 'skipped'] },
      });
      if (recent > 0) return true;
    }
    const steamId = happening.player?.steamId;
    if (automation.perPlayerCooldownSeconds > 0 && steamId) {
      const recent = await em.count(AutomationRunRecord, {
        automationId: automation.id,
        steamId,
        startedAt: { $gt: new Date(now - automation.perPlayerCooldownSeconds * 1000) },
      });
      if (recent > 0) return true;
    }
    if (CONSEQUENCES.includes(happening.event)) {
      // A kick makes its player leave; a restart takes its server down and up again: the same
      // automation never answers what its own actions just did there.
      const runs = await em.find(
        AutomationRunRecord,
        {
          automationId: automation.id,
          serverId: happening.serverId,
          startedAt: { $gt: new Date(now - OWN_DOING_MS) },
          ...(happening.event === 'player.left' && steamId ? { steamId } : {}),
        },
        { fields: ['id'] },
      );
      if (runs.length) {
        const acted = await em.count(AutomationRunActionRecord, {
          runId: { $in: runs.map((run) => run.id) },
          startedAt: { $ne: null },
          status: { $ne: 'skipped' },
        });
        if (acted > 0) return true;
      }
    }
    return false;
  }

  private async playersMoved({ networkId, serverId, joined, left }: PlayersMovedEvent): Promise<void> {
    const at = new Date();
    const [joins, leaves] = await Promise.all([
      joined.length ? this.triggersFor(networkId, 'player.joined', serverId) : [],
      left.length ? this.triggersFor(networkId, 'player.left', serverId) : [],
    ]);
    if (joins.length === 0 && leaves.length === 0) return;
    const serverName = await this.serverNameOf(serverId);
    if (joins.length) {
      const needsFirst = joins.some(
        (automation) => automation.trigger?.event === 'player.joined' && automation.trigger.firstTime != null,
      );
      const firstTime = needsFirst
        ? await firstTimers(
            this.em.fork(),
            networkId,
            joined.map((player) => player.steamId),
          )
        : new Set<string>();
      for (const player of joined)
        await this.answer(
          {
            event: 'player.joined',
            networkId,
            serverId,
            serverName,
            at,
            key: `${serverId}:${player.steamId}:${at.getTime()}`,
            player,
            firstTime: needsFirst ? firstTime.has(player.steamId) : null,
          },
          joins,
        );
    }
    if (leaves.length) {
      const names = await this.em
        .fork()
        .find(PlayerRecord, { networkId, steamId: { $in: left } }, { fields: ['steamId', 'displayName'] });
      const nameOf = new Map(names.map((player) => [player.steamId, player.displayName]));
      for (const steamId of left)
        await this.answer(
          {
            event: 'player.left',
            networkId,
            serverId,
            serverName,
            at,
            key: `${serverId}:${steamId}:${at.getTime()}`,
            player: { steamId, name: nameOf.get(steamId) ?? steamId },
          },
          leaves,
        );
    }
  }

  private async eventsStored({ networkId, serverId, events }: ServerEventsStoredEvent): Promise<void> {
    const [chats, violations] = await Promise.all([
      this.triggersFor(networkId, 'chat.message', serverId),
      this.triggersFor(networkId, 'violation', serverId),
    ]);
    if (chats.length === 0 && violations.length === 0) return;
    const types = new Set([
      ...(chats.length ? ['chat'] : []),
      ...(violations.length ? ['violation', 'console', 'log'] : []),
    ]);
    const wanted = events.filter((event) => types.has(event.type));
    if (wanted.length === 0) return;
    const serverName = await this.serverNameOf(serverId);
    for (const event of wanted) {
      const happening = happeningOf({ ...event, networkId, serverId }, serverName);
      if (happening) await this.answer(happening, happening.event === 'chat.message' ? chats : violations);
    }
  }

  private async reportChanged({ networkId, serverId, reportId }: ReportChangedEvent): Promise<void> {
    if (!serverId) return;
    const automations = await this.triggersFor(networkId, 'report.received', serverId);
    if (automations.length === 0) return;
    const em = this.em.fork();
    const report = await em.findOne(ReportRecord, { id: reportId, networkId });
    const at = new Date();
    if (!report || report.state !== 'new' || at.getTime() - report.receivedAt.getTime() > NEW_REPORT_MS)
      return;
    const serverName = await this.serverNameOf(serverId);
    // Each automation counts the reports on the player within its own window.
    for (const automation of automations) {
      const trigger = automation.trigger;
      if (trigger?.event !== 'report.received') continue;
      let value = 1;
      if ((trigger.count ?? 1) > 1 && report.targetSteamId)
        // The reports up to this one (those after it count for their own): the count reaches the
        // trigger's number at one report only, however the reports' events interleave.
        value = await em
          .count(ReportRecord, {
            networkId,
            targetSteamId: report.targetSteamId,
            receivedAt: {
              $gte: new Date(report.receivedAt.getTime() - (trigger.windowMinutes ?? 10) * 60_000),
            },
            $or: [
              { receivedAt: { $lt: report.receivedAt } },
              { receivedAt: report.receivedAt, id: { $lt: report.id } },
            ],
          })
          .then((earlier) => earlier + 1);
      await this.answer(
        {
          event: 'report.received',
          networkId,
          serverId,
          serverName,
          at: report.receivedAt,
          key: report.id,
          ...(report.targetSteamId
            ? { player: { steamId: report.targetSteamId, name: report.targetName ?? report.targetSteamId } }
            : {}),
          category: report.category,
          value,
        },
        [automation],
      );
    }
  }

  private async statusChanged(event: ServerStatusChangedEvent): Promise<void> {
    const kind: AutomationEvent | null =
      event.to === 'offline'
        ? 'server.offline'
        : event.from === 'offline' && !event.firstReport
          ? 'server.online'
          : null;
    if (!kind) return;
    const automations = await this.triggersFor(event.networkId, kind, event.serverId);
    if (automations.length === 0) return;
    await this.answer(
      {
        event: kind,
        networkId: event.networkId,
        serverId: event.serverId,
        serverName: event.serverName,
        at: event.at,
        key: `${event.serverId}:${event.at.getTime()}`,
      },
      automations,
    );
  }

  private async reported(event: ServerReportedEvent): Promise<void> {
    const previous = this.counts.get(event.serverId) ?? null;
    this.counts.set(event.serverId, event.playerCount);
    if (this.counts.size > 50_000) this.counts.clear();
    if (previous === null || previous === event.playerCount) return;
    const automations = await this.triggersFor(event.networkId, 'players.count', event.serverId);
    if (automations.length === 0) return;
    await this.answer(
      {
        event: 'players.count',
        networkId: event.networkId,
        serverId: event.serverId,
        serverName: await this.serverNameOf(event.serverId),
        at: event.at,
        key: `${event.serverId}:${event.at.getTime()}`,
        value: event.playerCount,
        previous,
      },
      automations,
    );
  }
}
