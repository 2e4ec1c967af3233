import type { EntityManager } from '@mikro-orm/core';
import type { ReportEvent } from '@outpost/contracts';
import type { GameServer } from '../servers';
import { ReportRecord } from './report.entity';

/**
 * A plugin's or bridge's report event as a report of the inbox, in the ingest's transaction (so a
 * retried batch adds it once): linked to its Logs line, names from the event or the network.
 */
export const reportFromEvent = (
  em: EntityManager,
  server: Pick<GameServer, 'id' | 'networkId'>,
  event: Omit<ReportEvent, 'id'>,
  line: { id: string; at: Date },
  names: ReadonlyMap<string, string>,
  receivedAt: Date,
): ReportRecord =>
  em.create(ReportRecord, {
    networkId: server.networkId,
    serverId: server.id,
    source: 'plugin',
    eventId: line.id,
    reporterSteamId: event.reporterSteamId,
    reporterName: event.reporterName ?? names.get(event.reporterSteamId) ?? null,
    targetSteamId: event.targetSteamId,
    targetName: event.targetName ?? names.get(event.targetSteamId) ?? null,
    subject: event.subject ?? null,
    message: event.message,
    category: event.category ?? null,
    position: event.position ?? null,
    reportedAt: line.at,
    receivedAt,
  });
