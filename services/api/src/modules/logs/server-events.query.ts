import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { ConsoleLineEntry } from '@outpost/contracts';
import { ServerEvent } from './server-event.entity';

/** A console event as the console shows it. */
export const toConsoleLine = (event: ServerEvent): ConsoleLineEntry => {
  const { level, message } = event.payload as { level?: ConsoleLineEntry['level']; message?: string };
  return {
    kind: 'line',
    id: event.id,
    level: level ?? 'info',
    message: message ?? '',
    at: event.at.toISOString(),
  };
};

/** What other modules read of the events the game servers reported, without their table. */
@Injectable()
export class ServerEventsQuery {
  constructor(private readonly em: EntityManager) {}

  /** The lines a server printed by itself, newest first: up to `limit` older than `before` (if given). */
  async consoleLinesOf(
    serverId: string,
    before: Date | undefined,
    limit: number,
  ): Promise<ConsoleLineEntry[]> {
    const events = await this.em.find(
      ServerEvent,
      { serverId, type: 'console', ...(before ? { at: { $lt: before } } : {}) },
      { orderBy: { at: 'desc', id: 'desc' }, limit },
    );
    return events.map(toConsoleLine);
  }
}
