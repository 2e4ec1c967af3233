import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuditAction } from '@outpost/contracts';
import { DomainEvents } from '../../core/events';
import { LiveBus } from '../../core/live';
import { CommandsService, ConsoleHistoryQuery } from '../commands';
import { LogEntriesQuery } from '../logs';

/** Changes to a network's shape (name, servers, members): its members read the network again. */
const NETWORK_CHANGES: readonly AuditAction[] = [
  'network.updated',
  'server.added',
  'server.updated',
  'server.deleted',
  'member.joined',
  'member.roleChanged',
  'member.removed',
];

/**
 * Turns what the modules report (domain events) into live events on the bus: the only module
 * that knows both. Who may see each is decided per stream (live-visibility).
 */
@Injectable()
export class LivePublisher implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly bus: LiveBus,
    private readonly consoleHistory: ConsoleHistoryQuery,
    private readonly logEntries: LogEntriesQuery,
    private readonly commands: CommandsService,
  ) {}

  onModuleInit(): void {
    const { events, bus } = this;
    events.on('server.reported', (event) =>
      bus.publish({
        type: 'server.status',
        networkId: event.networkId,
        serverId: event.serverId,
        status: event.status,
        playerCount: event.playerCount,
        maxPlayers: event.maxPlayers,
        at: event.at.toISOString(),
      }),
    );
    events.on('server.wentOffline', (event) =>
      bus.publish({
        type: 'server.status',
        networkId: event.networkId,
        serverId: event.serverId,
        status: 'offline',
        playerCount: 0,
        maxPlayers: event.maxPlayers,
        at: event.at.toISOString(),
      }),
    );
    events.on('players.moved', ({ networkId, serverId, joined, left }) => {
      for (const { steamId, name } of joined)
        bus.publish({ type: 'player.joined', networkId, serverId, steamId, name });
      for (const steamId of left) bus.publish({ type: 'player.left', networkId, serverId, steamId });
    });
    events.on('console.line', ({ networkId, serverId, line }) =>
      bus.publish({ type: 'console.entry', networkId, serverId, entry: line }),
    );
    events.on('server.consoleCommandRun', (event) =>
      this.publishCommand(event.networkId, event.target.id, String(event.details.commandId)),
    );
    events.on('command.completed', async (event) => {
      if (event.type === 'console')
        await this.publishCommand(event.networkId, event.serverId, event.commandId);
      await this.publishOutcome(event.networkId, event.serverId, event.commandId, event.at);
      // A kick's or warn's delivery shows in the Punishments lists, which every member reads.
      if (event.punishmentId)
        this.bus.publish({
          type: 'punishment.changed',
          networkId: event.networkId,
          serverId: event.serverId,
          punishmentId: event.punishmentId,
        });
    });
    events.on('server.eventsStored', ({ networkId, serverId, ids }) =>
      this.publishLogLines(networkId, serverId, ids),
    );
    events.on('server.rconState', ({ networkId, serverId, state, lastError, connectedAt, refusedAt }) =>
      bus.publish({
        type: 'server.rcon',
        networkId,
        serverId,
        state,
        lastError,
        connectedAt: connectedAt?.toISOString() ?? null,
        refusedAt: refusedAt?.toISOString() ?? null,
      }),
    );
    events.on('audit.recorded', ({ networkId, entry }) =>
      bus.publish({ type: 'audit.entry', networkId, entry }),
    );
    events.on('punishment.changed', ({ networkId, serverId, punishmentId }) =>
      bus.publish({ type: 'punishment.changed', networkId, serverId, punishmentId }),
    );
    events.on('report.changed', ({ networkId, serverId, reportId }) =>
      bus.publish({ type: 'report.changed', networkId, serverId, reportId }),
    );
    events.on('alert.changed', ({ networkId, alert }) =>
      bus.publish({ type: 'alert.changed', networkId, alert }),
    );
    events.on('automation.run', ({ networkId, automationId, runId, serverId }) =>
      bus.publish({ type: 'automation.run', networkId, automationId, runId, serverId }),
    );
    for (const action of NETWORK_CHANGES)
      events.on(action, ({ networkId }) => bus.publish({ type: 'network.changed', networkId }));
  }

  /** New lines of the Logs timeline (each view strips what its role may not see). */
  private async publishLogLines(networkId: string, serverId: string, ids: string[]): Promise<void> {
    const entries = await this.logEntries.entriesOf(serverId, ids);
    // In the order the server sent them (lines of one batch often share their time).
    const order = new Map(ids.map((id, index) => [id, index]));
    entries.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    for (const entry of entries) this.bus.publish({ type: 'log.entry', networkId, serverId, entry });
  }

  /** What became of a command, for the person who gave it (and whoever may read commands). */
  private async publishOutcome(
    networkId: string,
    serverId: string,
    commandId: string,
    at: Date,
  ): Promise<void> {
    const command = await this.commands.find(commandId, at);
    if (command) this.bus.publish({ type: 'command.completed', networkId, serverId, command });
  }

  private async publishCommand(networkId: string, serverId: string, commandId: string): Promise<void> {
    const entry = await this.consoleHistory.commandById(commandId);
    if (entry) this.bus.publish({ type: 'console.entry', networkId, serverId, entry });
  }
}
