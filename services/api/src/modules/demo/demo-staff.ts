import { EntityManager, RequestContext } from '@mikro-orm/core';
import { HttpException, Injectable } from '@nestjs/common';
import { can, type PunishmentType, type SuspiciousPlayer } from '@outpost/contracts';
import { addReportNoteSchema, playerActionSchema, updateReportSchema } from '@outpost/validation';
import type { AuthUser } from '../../core/auth';
import { PlayerRecord } from '../players';
import { ModerationService, PunishmentRecord, type ModerationInput } from '../punishments';
import { ReportRecord, ReportsService } from '../reports';
import { GameServer } from '../servers';
import { SuspiciousService } from '../suspicious';
import { DEMO_STAFF } from './demo-network';

/** A report waits this long before the moderator reads it. */
const READ_AFTER_MS = 15_000;
/** A report kept open with nothing behind it is dismissed after this long. */
const DISMISS_AFTER_MS = 10 * 60_000;
/** At most this many actions a round: the moderator works at a person's pace. */
const ACTIONS_PER_ROUND = 3;

/** The moderator as the services see a signed-in member. */
const STAFF_USER: AuthUser = {
  id: DEMO_STAFF.id,
  email: DEMO_STAFF.email,
  name: DEMO_STAFF.name,
  isDemo: false,
  sessionId: 'demo-staff',
};

/**
 * The demo network's simulated moderator (DEMO_STAFF, a moderator member): every round it reads the
 * Suspicious Activity list and the new F7 reports, as a moderator would, and acts through the same
 * services and request schemas as the routes, so its kicks, warns, bans, notes and report states
 * are the product's own (punishments sent to the simulated servers, audit entries, alerts).
 * AntiHack caught a player online: a kick, then a network ban when caught again. A report: resolved when its target is banned, a warn when two or more players reported
 * the target, otherwise a note and, after 10 minutes with nothing more, dismissed.
 */
@Injectable()
export class DemoStaff {
  constructor(
    private readonly em: EntityManager,
    private readonly suspicious: SuspiciousService,
    private readonly moderation: ModerationService,
    private readonly reports: ReportsService,
  ) {}

  /** One round on the network; answers what was done, in words ("kicked Rex"). */
  round(networkId: string, now = new Date()): Promise<string[]> {
    // Outside any HTTP request: the services' EntityManager needs a context of its own.
    return RequestContext.create(this.em, () => this.look(networkId, now));
  }

  private async look(networkId: string, now: Date): Promise<string[]> {
    // What a moderator may do, and no more.
    if (!can(DEMO_STAFF.role, 'players.moderate') || !can(DEMO_STAFF.role, 'reports.work')) return [];
    const done: string[] = [];
    const list = await this.suspicious.list({ networkId }, false, now.getTime());
    const suspects = new Map(list.players.map((player) => [player.steamId, player]));
    for (const suspect of list.players) {
      if (done.length >= ACTIONS_PER_ROUND) return done;
      const action = await this.tried(() => this.answerViolations(networkId, suspect));
      if (action) done.push(action);
    }
    const open = await this.em.find(
      ReportRecord,
      {
        networkId,
        state: { $in: ['new', 'reviewing'] },
        receivedAt: { $lt: new Date(now.getTime() - READ_AFTER_MS) },
      },
      { orderBy: { receivedAt: 'asc', id: 'asc' }, limit: 20 },
    );
    for (const report of open) {
      if (done.length >= ACTIONS_PER_ROUND) return done;
      const action = await this.tried(() =>
        this.answerReport(report, suspects.get(report.targetSteamId ?? ''), now),
      );
      if (action) done.push(action);
    }
    return done;
  }

  /** AntiHack caught the player since the last kick or ban: a kick, or a ban after a kick. */
  private async answerViolations(networkId: string, suspect: SuspiciousPlayer): Promise<string | null> {
    const violations = suspect.factors.find((factor) => factor.key === 'violations');
    if (!violations?.value) return null;
    const player = await this.em.findOne(PlayerRecord, { networkId, steamId: suspect.steamId });
    if (!player?.currentServerId || player.status === 'banned') return null;
    const latest = Math.max(0, ...(violations.evidence.times ?? []).map((time) => Date.parse(time)));
    const past = await this.em.find(
      PunishmentRecord,
      { networkId, steamId: suspect.steamId, issuedById: STAFF_USER.id, type: { $in: ['kick', 'ban'] } },
      { orderBy: { issuedAt: 'desc' } },
    );
    if (past[0] && past[0].issuedAt.getTime() >= latest) return null;
    const kinds = violations.evidence.kinds?.join(', ') || 'AntiHack';
    const report = await this.em.findOne(
      ReportRecord,
      { networkId, targetSteamId: suspect.steamId, state: { $in: ['new', 'reviewing'] } },
      { orderBy: { receivedAt: 'asc' } },
    );
    const reportId = report?.id;
    if (!past.some((punishment) => punishment.type === 'kick')) {
      const reason = `AntiHack caught ${kinds}: play without it or be banned`;
      await this.act(player.currentServerId, suspect.steamId, 'kick', { reason, reportId });
      return `kicked ${player.displayName}`;
    }
    const reason = `Cheating (${kinds}), caught by AntiHack again after a kick`;
    await this.act(player.currentServerId, suspect.steamId, 'ban', { reason, scope: 'network', reportId });
    return `banned ${player.displayName}`;
  }

  /** A report read: resolved, warned, noted or dismissed (see the class). */
  private async answerReport(
    report: ReportRecord,
    suspect: SuspiciousPlayer | undefined,
    now: Date,
  ): Promise<string | null> {
    const target = report.targetSteamId
      ? await this.em.findOne(PlayerRecord, { networkId: report.networkId, steamId: report.targetSteamId })
      : null;
    const name = target?.displayName ?? report.targetName ?? 'the player';
    if (target?.status === 'banned') {
      await this.reports.update(STAFF_USER, report, updateReportSchema.parse({ state: 'resolved' }));
      return `resolved a report about ${name} (banned)`;
    }
    const factor = (key: string) => suspect?.factors.find((found) => found.key === key)?.value ?? 0;
    // AntiHack's evidence is answered by answerViolations while they play.
    if (factor('violations') > 0) return null;
    if (factor('reports') >= 2 && target?.currentServerId && report.state === 'new') {
      const reason = `Reported by ${factor('reports')} players for cheating: staff are watching you`;
      await this.act(target.currentServerId, target.steamId, 'warn', { reason, reportId: report.id });
      return `warned ${name}`;
    }
    if (report.state === 'new') {
      const text = `No AntiHack violation and no other report about ${name} yet: kept open to see if more come.`;
      await this.reports.addNote(STAFF_USER, report, addReportNoteSchema.parse({ text }));
      return `noted a report about ${name}`;
    }
    if (now.getTime() - report.receivedAt.getTime() < DISMISS_AFTER_MS) return null;
    await this.reports.update(STAFF_USER, report, updateReportSchema.parse({ state: 'dismissed' }));
    return `dismissed a report about ${name}`;
  }

  /** A player action as the route takes it: its body checked by the route's own schema. */
  private async act(
    serverId: string,
    steamId: string,
    type: Exclude<PunishmentType, 'unban'>,
    body: { reason: string; reportId?: string; scope?: 'network' },
  ): Promise<void> {
    const server = await this.em.findOneOrFail(GameServer, { id: serverId });
    const input: ModerationInput = playerActionSchema(type).parse({ serverId, ...body });
    await this.moderation.act(STAFF_USER, server, steamId, type, input);
  }

  /** An action the panel refused (the player left the server meanwhile: 409) is left for a later round. */
  private async tried(action: () => Promise<string | null>): Promise<string | null> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof HttpException) return null;
      throw error;
    }
  }
}
