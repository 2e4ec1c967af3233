import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { ReportItem, ReportsResponse } from '@outpost/contracts';
import { encodeLogCursor, type ReportsQueryInput } from '@outpost/validation';
import { GameServer } from '../servers';
import { User } from '../users';
import { ReportNoteRecord, ReportRecord } from './report.entity';

/** Whose reports: a network's, or one of its servers'. */
export type ReportScope = { networkId: string; serverId?: string };

const NEWEST_FIRST = [{ reportedAt: 'desc' }, { id: 'desc' }] as const;

/**
 * The inbox: a page of reports newest first by (reported_at, id), each with its server's name, its
 * assignee and its note thread (one query each for the page), and the count of new reports.
 */
@Injectable()
export class ReportsQuery {
  constructor(private readonly em: EntityManager) {}

  async page(scope: ReportScope, filters: ReportsQueryInput): Promise<ReportsResponse> {
    const em = this.em.fork();
    const where: FilterQuery<ReportRecord>[] = [this.scopeWhere(scope)];
    if (filters.state) where.push({ state: filters.state });
    if (filters.before) {
      const { at, id } = filters.before;
      where.push({ $or: [{ reportedAt: { $lt: at } }, { reportedAt: at, id: { $lt: id } }] });
    }
    const rows = await em.find(
      ReportRecord,
      { $and: where },
      { orderBy: [...NEWEST_FIRST], limit: filters.limit + 1 },
    );
    const reports = await this.itemsOf(em, rows.slice(0, filters.limit));
    const last = rows.length > filters.limit ? reports.at(-1) : undefined;
    return {
      reports,
      nextCursor: last ? encodeLogCursor({ at: new Date(last.reportedAt), id: last.id }) : null,
      newCount: await this.newCount(scope),
    };
  }

  newCount(scope: ReportScope): Promise<number> {
    return this.em.fork().count(ReportRecord, { ...this.scopeWhere(scope), state: 'new' });
  }

  async itemOf(report: ReportRecord): Promise<ReportItem> {
    const [item] = await this.itemsOf(this.em.fork(), [report]);
    return item;
  }

  private scopeWhere({ networkId, serverId }: ReportScope): { networkId: string; serverId?: string } {
    return serverId ? { networkId, serverId } : { networkId };
  }

  private async itemsOf(em: EntityManager, rows: ReportRecord[]): Promise<ReportItem[]> {
    if (rows.length === 0) return [];
    const serverIds = [...new Set(rows.map((row) => row.serverId).filter((id): id is string => !!id))];
    const assigneeIds = [...new Set(rows.map((row) => row.assigneeId).filter((id): id is string => !!id))];
    const [servers, users, notes] = await Promise.all([
      serverIds.length ? em.find(GameServer, { id: { $in: serverIds } }, { fields: ['id', 'name'] }) : [],
      assigneeIds.length
        ? em.find(User, { id: { $in: assigneeIds } }, { fields: ['id', 'name', 'email'] })
        : [],
      em.find(
        ReportNoteRecord,
        { reportId: { $in: rows.map((row) => row.id) } },
        { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
      ),
    ]);
    const serverNames = new Map(servers.map((server) => [server.id, server.name]));
    const userNames = new Map(users.map((user) => [user.id, user.name || user.email]));
    const threads = new Map<string, ReportNoteRecord[]>();
    for (const note of notes) threads.set(note.reportId, [...(threads.get(note.reportId) ?? []), note]);
    return rows.map((row) => ({
      id: row.id,
      networkId: row.networkId,
      serverId: row.serverId,
      serverName: row.serverId ? (serverNames.get(row.serverId) ?? null) : null,
      source: row.source,
      reporter:
        row.reporterSteamId || row.reporterName
          ? { steamId: row.reporterSteamId ?? '', name: row.reporterName }
          : null,
      target:
        row.targetSteamId || row.targetName
          ? { steamId: row.targetSteamId ?? '', name: row.targetName }
          : null,
      subject: row.subject,
      message: row.message,
      category: row.category,
      reportedAt: row.reportedAt.toISOString(),
      position: row.position,
      state: row.state,
      assignee: row.assigneeId
        ? { id: row.assigneeId, name: userNames.get(row.assigneeId) ?? 'Former member' }
        : null,
      punishmentId: row.punishmentId,
      unparsed: row.unparsed,
      hasScreenshot: row.hasScreenshot,
      screenshotNote: row.screenshotNote,
      notes: (threads.get(row.id) ?? []).map((note) => ({
        id: note.id,
        author: { id: note.authorId, name: note.authorName },
        text: note.text,
        createdAt: note.createdAt.toISOString(),
      })),
    }));
  }
}
