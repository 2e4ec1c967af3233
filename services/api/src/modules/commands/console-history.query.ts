import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { ConsoleCommandEntry, ConsoleCommandStatus } from '@outpost/contracts';
import { CommandRecord, type ConsoleCommandPayload } from './command.entity';

const toCommandEntry = (command: CommandRecord): ConsoleCommandEntry => ({
  kind: 'command',
  id: command.id,
  command: (command.payload as ConsoleCommandPayload).command,
  // Only kicks and warns expire (CommandsService.expire).
  status: command.status as ConsoleCommandStatus,
  output: command.output,
  by: command.issuedById ? { id: command.issuedById, name: command.issuedByName ?? '' } : null,
  at: command.createdAt.toISOString(),
  completedAt: command.completedAt?.toISOString() ?? null,
});

/** The console commands typed for a server, as its console area shows them: the module's reading side. */
@Injectable()
export class ConsoleHistoryQuery {
  constructor(private readonly em: EntityManager) {}

  /** Newest first: up to `limit` typed before `before` (if given), with their status and output. */
  async commandsOf(
    serverId: string,
    before: Date | undefined,
    limit: number,
  ): Promise<ConsoleCommandEntry[]> {
    const commands = await this.em.find(
      CommandRecord,
      { serverId, type: 'console', ...(before ? { createdAt: { $lt: before } } : {}) },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
    return commands.map(toCommandEntry);
  }

  /** One typed command as the console shows it, or null (not a console command, or gone). */
  async commandById(id: string): Promise<ConsoleCommandEntry | null> {
    const command = await this.em.fork().findOne(CommandRecord, { id, type: 'console' });
    return command ? toCommandEntry(command) : null;
  }
}
