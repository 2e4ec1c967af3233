import { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { sqlEm } from '../../core/database';
import { DomainEvents } from '../../core/events';
import { parseAntiHackLine } from './antihack-line';
import { msOf } from './suspicious-facts';

type StoredEvent = {
  id: string;
  network_id: string;
  server_id: string;
  type: string;
  steam_id: string | null;
  target_steam_id: string | null;
  payload: string;
  at: unknown;
};

type Tally = { kills: number; deaths: number; headshots: number };

/**
 * Keeps what the score reads from a server's events as they are stored (server.eventsStored):
 * each player's kills, deaths and headshots on the server (suspicious_tallies), and AntiHack
 * violations (suspicious_violations): a plugin's `violation` event as it is, a console line only
 * when it is one of the game's AntiHack lines, once per server event (a unique event_id).
 */
@Injectable()
export class EvidenceRecorder implements OnModuleInit, OnModuleDestroy {
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

  async record(serverId: string, ids: readonly string[]): Promise<void> {
    const knex = sqlEm(this.em).getKnex();
    const rows = (await knex('server_events')
      .select('id', 'network_id', 'server_id', 'type', 'steam_id', 'target_steam_id', 'payload', 'at')
      .where('server_id', serverId)
      .whereIn('type', ['kill', 'violation', 'console'])
      .whereIn('id', [...ids])) as StoredEvent[];
    if (!rows.length) return;
    await knex.transaction(async (trx) => {
      await this.tally(trx, rows);
      await this.violations(trx, rows);
    });
  }

  private async tally(knex: Knex, rows: StoredEvent[]): Promise<void> {
    const tallies = new Map<string, Tally>();
    const of = (steamId: string) => {
      const found = tallies.get(steamId) ?? { kills: 0, deaths: 0, headshots: 0 };
      tallies.set(steamId, found);
      return found;
    };
    for (const row of rows) {
      if (row.type !== 'kill') continue;
      if (row.steam_id) {
        const killer = of(row.steam_id);
        killer.kills += 1;
        if ((JSON.parse(row.payload) as { headshot?: unknown }).headshot === true) killer.headshots += 1;
      }
      if (row.target_steam_id) of(row.target_steam_id).deaths += 1;
    }
    if (!tallies.size) return;
    const { network_id, server_id } = rows[0];
    await knex('suspicious_tallies')
      .insert([...tallies].map(([steam_id, tally]) => ({ server_id, network_id, steam_id, ...tally })))
      .onConflict(['server_id', 'steam_id'])
      .merge({
        kills: knex.raw('suspicious_tallies.kills + excluded.kills'),
        deaths: knex.raw('suspicious_tallies.deaths + excluded.deaths'),
        headshots: knex.raw('suspicious_tallies.headshots + excluded.headshots'),
      });
  }

  private async violations(knex: Knex, rows: StoredEvent[]): Promise<void> {
    const violations = rows.flatMap((row) => {
      if (row.type === 'kill') return [];
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
  }
}
