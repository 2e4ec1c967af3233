import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { can, REPORT_STATE_LABELS, type ReportItem } from '@outpost/contracts';
import type { AddReportNoteInput, UpdateReportInput } from '@outpost/validation';
import { AccessService } from '../../core/access';
import type { AuthUser } from '../../core/auth';
import { actorOf, DomainEvents } from '../../core/events';
import { Network } from '../tenancy';
import type { GameServer } from '../servers';
import { User } from '../users';
import type { NativeReport } from './native-report';
import { ReportNoteRecord, ReportRecord, ReportScreenshot } from './report.entity';
import { reportErrors } from './reports.errors';
import { ReportsQuery } from './reports.query';

/** How a report is named in the audit log: "Report by Rex on Bob". */
const reportName = (report: ReportRecord): string => {
  const by = report.reporterName ?? report.reporterSteamId;
  const on = report.targetName ?? report.targetSteamId;
  return ['Report', by ? `by ${by}` : null, on ? `on ${on}` : null].filter(Boolean).join(' ');
};

/**
 * The F7 reports inbox: reports received from the game's reports URL, and a report's state,
 * assignee and note thread (reports.work). Every change is audited and goes out on the live stream.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: AccessService,
    private readonly events: DomainEvents,
    private readonly query: ReportsQuery,
  ) {}

  /** A report the game POSTed to this server's reports URL, stored with its screenshot if kept. */
  async receive(server: GameServer, report: NativeReport): Promise<{ id: string }> {
    const now = new Date();
    const id = await this.em.fork().transactional(async (em) => {
      const record = em.create(ReportRecord, {
        networkId: server.networkId,
        serverId: server.id,
        source: 'endpoint',
        reporterSteamId: report.reporterSteamId,
        reporterName: report.reporterName,
        targetSteamId: report.targetSteamId,
        targetName: report.targetName,
        subject: report.subject,
        message: report.message,
        category: report.category,
        position: report.position,
        reportedAt: now,
        receivedAt: now,
        unparsed: report.unparsed,
        raw: report.raw,
        rawTruncated: report.rawTruncated,
        hasScreenshot: report.screenshot !== null,
        screenshotNote: report.screenshotNote,
      });
      // The report first: its screenshot's row refers to it.
      await em.flush();
      if (report.screenshot) {
        em.create(ReportScreenshot, { reportId: record.id, ...report.screenshot });
        await em.flush();
      }
      return record.id;
    });
    this.events.emit('report.changed', { networkId: server.networkId, serverId: server.id, reportId: id });
    return { id };
  }

  async update(user: AuthUser, report: ReportRecord, input: UpdateReportInput): Promise<ReportItem> {
    const changes: Record<string, { from: string | null; to: string | null }> = {};
    if (input.assigneeId !== undefined && input.assigneeId !== report.assigneeId) {
      const names = await this.assigneeNames(report, input.assigneeId);
      changes.assignee = { from: names.from, to: names.to };
      report.assigneeId = input.assigneeId;
    }
    if (input.state !== undefined && input.state !== report.state) {
      changes.state = { from: REPORT_STATE_LABELS[report.state], to: REPORT_STATE_LABELS[input.state] };
      report.state = input.state;
    }
    if (Object.keys(changes).length) {
      await this.em.flush();
      await this.announce(user, report, 'report.updated', changes);
    }
    return this.query.itemOf(report);
  }

  async addNote(user: AuthUser, report: ReportRecord, input: AddReportNoteInput): Promise<ReportItem> {
    const actor = actorOf(user);
    this.em.create(ReportNoteRecord, {
      reportId: report.id,
      authorId: user.id,
      authorName: actor.name,
      text: input.text,
      createdAt: new Date(),
    });
    // Someone wrote about it: a new report is being reviewed.
    const moved = report.state === 'new';
    if (moved) report.state = 'reviewing';
    await this.em.flush();
    await this.announce(user, report, 'report.noteAdded', {
      text: input.text,
      ...(moved ? { state: { from: 'New', to: 'Reviewing' } } : {}),
    });
    return this.query.itemOf(report);
  }

  async raw(report: ReportRecord): Promise<{ raw: string; truncated: boolean }> {
    const loaded = await this.em.fork().findOneOrFail(ReportRecord, { id: report.id }, { populate: ['raw'] });
    return { raw: loaded.raw ?? '', truncated: loaded.rawTruncated };
  }

  screenshot(report: ReportRecord): Promise<ReportScreenshot | null> {
    return this.em.fork().findOne(ReportScreenshot, { reportId: report.id });
  }

  /** The assignee must be a member of the report's network who works reports (400 otherwise). */
  private async assigneeNames(report: ReportRecord, assigneeId: string | null) {
    const nameOf = async (id: string | null) => {
      if (!id) return null;
      const user = await this.em.findOne(User, { id }, { fields: ['name', 'email'] });
      return user ? user.name || user.email : null;
    };
    if (assigneeId !== null) {
      const membership = await this.access.roleOf(assigneeId, report.networkId);
      if (!membership || !can(membership.role, 'reports.work')) throw reportErrors.assigneeInvalid();
    }
    return { from: await nameOf(report.assigneeId), to: await nameOf(assigneeId) };
  }

  private async announce(
    user: AuthUser,
    report: ReportRecord,
    action: 'report.updated' | 'report.noteAdded',
    details: Record<string, unknown>,
  ): Promise<void> {
    const network = await this.em.findOneOrFail(Network, { id: report.networkId });
    await this.events.publish(user, {
      action,
      networkId: report.networkId,
      networkName: network.name,
      target: { type: 'report', id: report.id, name: reportName(report) },
      details: { reportId: report.id, serverId: report.serverId, ...details },
    });
    this.events.emit('report.changed', {
      networkId: report.networkId,
      serverId: report.serverId,
      reportId: report.id,
    });
  }
}
