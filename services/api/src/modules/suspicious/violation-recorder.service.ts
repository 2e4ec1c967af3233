import { EntityManager } from '@mikro-orm/core';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { sqlEm } from '../../core/database/sql';
import { DomainEvents } from '../../core/events';
import { parseAntiHackLine } from './antihack-line';
import { msOf } from './suspicious-facts';

type StoredEvent = {
  id: string;
  network_id: string;
  server_id: string;
  type: string;
  steam_id: string | null;
  payload: string;
  at: unknown;
};

/**
 * Records AntiHack violations as events are stored (server.eventsStored): a plugin's `violation`
 * event as it is, a console line only when it is one of the game's AntiHack lines. One row per
 * server event (a unique event_id), so a listener run twice adds nothing.
 */
@Injectable()
export class ViolationRecorder implements OnModuleInit, OnModuleDestroy {
  private off?: () => void;

  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.off = this.events.on('server.eventsStored', async ({ serverId, ids }) => {
      await this.record(serverId, ids);
    });
  }

  onModuleDestroy(): void {
    this.off?.();
  }

  async record(serverId: string, ids: readonly string[]): Promise<number> {
    const knex = sqlEm(this.em).getKnex();
    const rows = (await knex('server_events')
      .select('id', 'network_id', 'server_id', 'type', 'steam_id', 'payload', 'at')
      .where('server_id', serverId)
      .whereIn('type', ['violation', 'console'])
      .whereIn('id', [...ids])) as StoredEvent[];
    const violations = rows.flatMap((row) => {
      const payload = JSON.parse(row.payload) as { kind?: unknown; message?: unknown; level?: unknown };
      const base = {
        id: randomUUID(),
        network_id: row.network_id,
        server_id: row.server_id,
        event_id: row.id,
        at: msOf(row.at),
      };
      if (row.type === 'violation' && row.steam_id)
        return [
          {
            ...base,
            steam_id: row.steam_id,
            kind: String(payload.kind).slice(0, 64),
            level: typeof payload.level === 'number' ? payload.level : null,
            source: 'plugin',
          },
        ];
      const line = typeof payload.message === 'string' ? parseAntiHackLine(payload.message) : null;
      return line
        ? [{ ...base, steam_id: line.steamId, kind: line.kind, level: line.level, source: 'console' }]
        : [];
    });
    if (violations.length)
      await knex('suspicious_violations').insert(violations).onConflict('event_id').ignore();
    return violations.length;
  }
}
