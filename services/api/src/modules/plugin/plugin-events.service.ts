import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { EventsResponse } from '@outpost/contracts';
import type { PluginEventInput } from '@outpost/validation';
import { knexIn } from '../../core/database';
import { DomainEvents } from '../../core/events';
import { appendServerEvents, type ServerEventInput, toConsoleLine } from '../logs';
import { addKillsToTotals } from '../players';
import { reportFromEvent, type ReportRecord } from '../reports';
import type { PluginServer } from '../servers';
import { PluginClock } from './plugin-clock';

/** The player an event is about, and the other one (victim, reported player) if any. */
const playersOf = (event: PluginEventInput): [string | null, string | null] => {
  switch (event.type) {
    case 'kill':
      return [event.killerSteamId, event.victimSteamId];
    case 'report':
      return [event.reporterSteamId, event.targetSteamId];
    case 'log':
    case 'console':
      return [null, null];
    default:
      return [event.steamId, null];
  }
};

/** A protocol event as a Logs line. */
const lineOf = (event: PluginEventInput): ServerEventInput & { event: PluginEventInput } => {
  const { id, type, at, ...payload } = event;
  const [steamId, targetSteamId] = playersOf(event);
  return { eventId: id, type, at: new Date(at), steamId, targetSteamId, payload, event };
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
   * changes nothing. Each event becomes a Logs line (logs), an F7 report also a report of the
   * inbox (reports), and kills add to the killer's and the victim's totals (players).
   */
  async ingest(server: PluginServer, events: PluginEventInput[]): Promise<EventsResponse> {
    try {
      return await this.store(server, events);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return this.store(server, events);
      throw error;
    }
  }

  private async store(server: PluginServer, events: PluginEventInput[]): Promise<EventsResponse> {
    const now = this.clock.now();
    const { fresh, reports } = await this.em.transactional(async (em) => {
      const knex = knexIn(em);
      const appended = await appendServerEvents(em, knex, server, events.map(lineOf), now);
      const reports: ReportRecord[] = [];
      for (const { event, line } of appended.fresh)
        if (event.event.type === 'report')
          reports.push(reportFromEvent(em, server, event.event, line, appended.names, now));
      await em.flush();
      await addKillsToTotals(
        knex,
        server.networkId,
        appended.fresh.flatMap(({ event: { event } }) => (event.type === 'kill' ? [event] : [])),
      );
      return { fresh: appended.fresh, reports };
    });
    for (const { line } of fresh)
      if (line.type === 'console')
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
    if (fresh.length)
      this.events.emit('server.eventsStored', {
        networkId: server.networkId,
        serverId: server.id,
        ids: fresh.map(({ line }) => line.id),
        events: fresh.map(({ line }) => line),
      });
    return { accepted: fresh.length, duplicates: events.length - fresh.length };
  }
}
