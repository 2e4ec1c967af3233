import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { Injectable } from '@nestjs/common';
import { sqlEm } from '../../core/database/sql';
import { DomainEvents } from '../../core/events';
import { playerNamesOf } from '../logs/player-names';
import { searchTextOf } from '../logs/search-text';
import type { PluginServer } from '../servers/server.entity';
import { reportFromEvent } from '../reports/report-from-event';
import type { ReportRecord } from '../reports/report.entity';
import { PluginClock } from './plugin-clock';
import type { PluginEventInput } from './plugin-schemas';
import { ServerEvent } from './server-event.entity';
import { toConsoleLine } from './server-events.query';

export type EventsResponse = { accepted: number; duplicates: number };

type Tally = { kills: number; headshots: number; deaths: number };

/** The player an event is about, and the other one (victim, reported player) if any. */
const playersOf = (event: PluginEventInput): { steamId: string | null; target: string | null } => {
  switch (event.type) {
    case 'kill':
      return { steamId: event.killerSteamId, target: event.victimSteamId };
    case 'report':
      return { steamId: event.reporterSteamId, target: event.targetSteamId };
    case 'log':
    case 'console':
      return { steamId: null, target: null };
    default:
      return { steamId: event.steamId, target: null };
  }
};

@Injectable()
export class PluginEventsService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: PluginClock,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Stores a batch once: an event id this server already sent is skipped, so a retried batch
   * changes nothing. Kills add to the killer's and the victim's totals.
   */
  async ingest(server: PluginServer, events: PluginEventInput[]): Promise<EventsResponse> {
    try {
      return await this.store(server, events);
    } catch (error) {
      // The same ids arrived twice at the same instant (a plugin retrying before the first answer
      // came): once the other request has committed, a second pass counts them as duplicates.
      if (error instanceof UniqueConstraintViolationException) return this.store(server, events);
      throw error;
    }
  }

  private async store(server: PluginServer, events: PluginEventInput[]): Promise<EventsResponse> {
    const now = this.clock.now();
    const lines: ServerEvent[] = [];
    /** The stored rows' ids (the Logs timeline's line ids). */
    const storedIds: string[] = [];
    /** F7 reports: each also a report of the inbox. */
    const reports: ReportRecord[] = [];
    const response = await this.em.transactional(async (em) => {
      const ids = [...new Set(events.map((event) => event.id))];
      const seen = new Set(
        (
          await em.find(ServerEvent, { serverId: server.id, eventId: { $in: ids } }, { fields: ['eventId'] })
        ).map((event) => event.eventId),
      );
      const knex = sqlEm(em).getTransactionContext<Knex.Transaction>() ?? sqlEm(em).getKnex();
      // The names the network knows, so the Logs search finds a kill or report by them too.
      const names = await playerNamesOf(
        knex,
        server.networkId,
        events.flatMap((event) => Object.values(playersOf(event))),
      );
      const tallies = new Map<string, Tally>();
      const tally = (steamId: string) => {
        const found = tallies.get(steamId) ?? { kills: 0, headshots: 0, deaths: 0 };
        tallies.set(steamId, found);
        return found;
      };
      let accepted = 0;
      for (const event of events) {
        if (seen.has(event.id)) continue;
        seen.add(event.id);
        accepted += 1;
        const { id, type, at, ...payload } = event;
        const { steamId, target } = playersOf(event);
        const stored = em.create(ServerEvent, {
          networkId: server.networkId,
          serverId: server.id,
          eventId: id,
          type,
          steamId,
          targetSteamId: target,
          payload,
          at: new Date(at),
          receivedAt: now,
          searchText: searchTextOf({ steamId, targetSteamId: target, payload }, names),
        });
        storedIds.push(stored.id);
        if (type === 'console') lines.push(stored);
        if (event.type === 'report') reports.push(reportFromEvent(em, server, event, stored, names, now));
        if (event.type === 'kill') {
          const killer = tally(event.killerSteamId);
          killer.kills += 1;
          if (event.headshot) killer.headshots += 1;
          tally(event.victimSteamId).deaths += 1;
        }
      }
      await em.flush();
      // Added in the statement (bound values), so concurrent batches never overwrite each other.
      for (const [steamId, { kills, headshots, deaths }] of tallies)
        await knex('players')
          .where({ network_id: server.networkId, steam_id: steamId })
          .increment({ total_kills: kills, headshots, total_deaths: deaths });
      return { accepted, duplicates: events.length - accepted };
    });
    for (const line of lines)
      this.events.emit('console.line', {
        networkId: server.networkId,
        serverId: server.id,
        line: toConsoleLine(line),
      });
    for (const report of reports)
      this.events.emit('report.changed', {
        networkId: server.networkId,
        serverId: server.id,
        reportId: report.id,
      });
    if (storedIds.length)
      this.events.emit('server.eventsStored', {
        networkId: server.networkId,
        serverId: server.id,
        ids: storedIds,
      });
    return response;
  }
}
