import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuditAction } from '@outpost/contracts';
import { DomainEvents } from '../../core/events';
import { LiveBus } from '../../core/live';
import { ConsoleHistoryQuery } from '../commands/console-history.query';

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
    events.on('command.completed', (event) => {
      if (event.type === 'console')
        return this.publishCommand(event.networkId, event.serverId, event.commandId);
    });
    events.on('audit.recorded', ({ networkId, entry }) =>
      bus.publish({ type: 'audit.entry', networkId, entry }),
    );
    for (const action of NETWORK_CHANGES)
      events.on(action, ({ networkId }) => bus.publish({ type: 'network.changed', networkId }));
  }

  private async publishCommand(networkId: string, serverId: string, commandId: string): Promise<void> {
    const entry = await this.consoleHistory.commandById(commandId);
    if (entry) this.bus.publish({ type: 'console.entry', networkId, serverId, entry });
  }
}
