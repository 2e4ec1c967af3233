// The fake players API's Punishments area and F7 reports routes: lists filtered and paged as the
// contracts say (newest first, keyset cursor; the punishments with the real query validation and
// its 400s), a ban's edit and lift, a report's state, assignee and notes.
import {
  can,
  REPORT_STATES,
  type Member,
  type PunishmentItem,
  type ReportItem,
  type Role,
  type Server,
} from '@outpost/contracts';
import {
  encodePunishmentCursor,
  liftPunishmentSchema,
  punishmentsQuerySchema,
  updatePunishmentSchema,
  zodIssuesToDetails,
} from '@outpost/validation';
import type { FakeReply } from '@outpost/testing';

type Reply = FakeReply;
const ok = (data: unknown, status = 200): Reply => ({ status, body: { success: true, data } });
export const fail = (status: number, code: string, error: string, details?: unknown): Reply => ({
  status,
  body: { success: false, error, code, ...(details ? { details } : {}) },
});
const invalid = (details: { field: string; message: string }[]): Reply =>
  fail(400, 'VALIDATION_FAILED', details[0]?.message ?? 'Invalid request', details);

const NOW = Date.now();
export const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

/** What the routes read of the fake: the network's servers and who has which role. */
export type ModerationWorld = {
  networkId: string;
  servers: readonly Server[];
  roles: ReadonlyMap<string, Role>;
  punishments: PunishmentItem[];
  reports: ReportItem[];
};

let sequence = 0;

/** A punishment of `server` (a network-wide active ban unless `extra` says otherwise). */
export const punishmentOf = (
  player: { steamId: string; name: string | null },
  server: Server,
  extra: Partial<PunishmentItem> = {},
): PunishmentItem => ({
  id: `pun-${++sequence}`,
  kind: 'ban',
  player,
  reason: 'Cheating',
  issuedBy: { id: 'ana', name: 'Ana' },
  issuedAt: hoursAgo(sequence),
  expiresAt: null,
  timeLeftSeconds: null,
  liftedAt: null,
  scope: 'network',
  serverId: server.id,
  serverName: server.name,
  state: 'active',
  delivery: null,
  deliveries: [],
  ...extra,
});

export const reportOf = (server: Server, extra: Partial<ReportItem> = {}): ReportItem => ({
  id: `rep-${++sequence}`,
  networkId: server.networkId,
  serverId: server.id,
  serverName: server.name,
  source: 'plugin',
  reporter: { steamId: '76561198000009001', name: 'Reporter' },
  target: { steamId: '76561198000009002', name: 'Suspect' },
  subject: 'Aimbot',
  message: 'He hits every shot',
  category: 'cheat',
  reportedAt: hoursAgo(sequence),
  position: null,
  state: 'new',
  assignee: null,
  punishmentId: null,
  unparsed: [],
  hasScreenshot: false,
  screenshotNote: null,
  notes: [],
  ...extra,
});

const newestFirst = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  b.at.localeCompare(a.at) || b.id.localeCompare(a.id);

const punishmentsPage = (items: PunishmentItem[], params: URLSearchParams): Reply => {
  const parsed = punishmentsQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return invalid(zodIssuesToDetails(parsed.error));
  const { kind, state, search, before, limit } = parsed.data;
  const needle = search?.toLowerCase();
  const matching = items
    .filter((item) => (!kind || item.kind === kind) && (!state || item.state === state))
    .filter(
      (item) =>
        !needle || item.player.steamId === search || !!item.player.name?.toLowerCase().includes(needle),
    )
    .map((item) => ({ item, key: { at: item.issuedAt, id: item.id } }))
    .filter(({ key }) => !before || newestFirst(key, { at: before.at.toISOString(), id: before.id }) > 0)
    .sort((a, b) => newestFirst(a.key, b.key))
    .map(({ item }) => item);
  const page = matching.slice(0, limit);
  const last = page.at(-1);
  return ok({
    punishments: page,
    nextCursor:
      matching.length > limit && last
        ? encodePunishmentCursor({ at: new Date(last.issuedAt), id: last.id })
        : null,
  });
};

const reportsPage = (items: ReportItem[], params: URLSearchParams): Reply => {
  const state = params.get('state');
  if (state && !(REPORT_STATES as readonly string[]).includes(state))
    return invalid([{ field: 'state', message: `State must be one of ${REPORT_STATES.join(', ')}` }]);
  const limit = Number(params.get('limit') ?? 50);
  const sorted = items
    .filter((report) => !state || report.state === state)
    .sort((a, b) => newestFirst({ at: a.reportedAt, id: a.id }, { at: b.reportedAt, id: b.id }));
  const before = params.get('before');
  const start = before ? sorted.findIndex((report) => report.id === before) + 1 : 0;
  const page = sorted.slice(start, start + limit);
  return ok({
    reports: page,
    nextCursor: start + limit < sorted.length ? (page.at(-1)?.id ?? null) : null,
    newCount: items.filter((report) => report.state === 'new').length,
  });
};

/** The members list as GET /api/networks/{id}/members answers it: everyone with a role. */
export const membersOf = (roles: ReadonlyMap<string, Role>): Member[] =>
  [...roles].map(([userId, role]) => ({
    id: `mem-${userId}`,
    userId,
    userEmail: `${userId}@example.com`,
    userName: userId,
    role,
    joinedAt: '2026-01-01T00:00:00.000Z',
  }));

type Request = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  userId: string;
  role: Role;
};

const FORBIDDEN = fail(403, 'FORBIDDEN', 'You do not have permission to do this');

/** A ban's edit and lift; null when the path is not one of them. */
const answerBanChange = (world: ModerationWorld, { method, path, body, role }: Request): Reply | null => {
  const match = /^\/api\/punishments\/([^/]+)(\/lift)?$/.exec(path);
  if (!match || method !== (match[2] ? 'POST' : 'PATCH')) return null;
  if (!can(role, 'players.moderate')) return FORBIDDEN;
  const item = world.punishments.find((candidate) => candidate.id === match[1]);
  if (!item) return fail(404, 'NOT_FOUND', 'Punishment not found');
  if (item.state !== 'active') return fail(409, 'CONFLICT', 'This ban has already ended');
  if (match[2]) {
    const parsed = liftPunishmentSchema.safeParse(body);
    if (!parsed.success) return invalid(zodIssuesToDetails(parsed.error));
    Object.assign(item, { state: 'lifted', liftedAt: new Date().toISOString(), timeLeftSeconds: null });
    return ok(item, 201);
  }
  const parsed = updatePunishmentSchema().safeParse(body);
  if (!parsed.success) return invalid(zodIssuesToDetails(parsed.error));
  const { reason, expiresAt } = parsed.data;
  if (reason !== undefined) item.reason = reason;
  if (expiresAt !== undefined) {
    item.expiresAt = expiresAt?.toISOString() ?? null;
    item.timeLeftSeconds = expiresAt ? Math.floor((expiresAt.getTime() - Date.now()) / 1000) : null;
  }
  return ok(item);
};

/** A report's state or assignee, and its notes; null when the path is not one of them. */
const answerReportChange = (world: ModerationWorld, request: Request): Reply | null => {
  const { method, path, body, userId, role } = request;
  const match = /^\/api\/reports\/([^/]+)(\/notes)?$/.exec(path);
  if (!match || method !== (match[2] ? 'POST' : 'PATCH')) return null;
  if (!can(role, 'reports.work')) return FORBIDDEN;
  const report = world.reports.find((candidate) => candidate.id === match[1]);
  if (!report) return fail(404, 'NOT_FOUND', 'Report not found');
  if (match[2]) {
    const text = typeof body.text === 'string' ? body.text.trim() : '';
    if (!text) return invalid([{ field: 'text', message: 'Note must not be empty' }]);
    report.notes.push({
      id: `note-${++sequence}`,
      author: { id: userId, name: userId },
      text,
      createdAt: new Date().toISOString(),
    });
    return ok(report, 201);
  }
  if (typeof body.state === 'string') report.state = body.state as ReportItem['state'];
  if (body.assigneeId === null) report.assignee = null;
  else if (typeof body.assigneeId === 'string') {
    if (!can(world.roles.get(body.assigneeId), 'reports.work'))
      return invalid([{ field: 'assigneeId', message: 'Assignee must be a member who works reports' }]);
    report.assignee = { id: body.assigneeId, name: body.assigneeId };
  }
  return ok(report);
};

/** The moderation routes; null for any other, which the players fake answers itself. */
export const answerModeration = (world: ModerationWorld, request: Request): Reply | null => {
  const { method, path, query, role } = request;
  const list = /^\/api\/(servers|networks)\/([^/]+)\/(punishments|reports)$/.exec(path);
  if (method === 'GET' && list) {
    const [, of, id, kind] = list;
    const known = of === 'networks' ? id === world.networkId : world.servers.some((s) => s.id === id);
    if (!known) return fail(404, 'NOT_FOUND', of === 'networks' ? 'Network not found' : 'Server not found');
    if (kind === 'punishments')
      return punishmentsPage(
        world.punishments.filter(
          (item) => of === 'networks' || item.serverId === id || item.scope === 'network',
        ),
        query,
      );
    if (!can(role, 'reports.work')) return FORBIDDEN;
    return reportsPage(
      world.reports.filter((report) => of === 'networks' || report.serverId === id),
      query,
    );
  }
  if (method === 'POST' && /^\/api\/servers\/[^/]+\/punishments\/import$/.test(path))
    return can(role, 'players.moderate') ? ok({ commandId: `cmd-${++sequence}` }, 201) : FORBIDDEN;
  const raw = /^\/api\/reports\/([^/]+)\/raw$/.exec(path);
  if (method === 'GET' && raw) {
    if (!can(role, 'reports.work')) return FORBIDDEN;
    const report = world.reports.find((candidate) => candidate.id === raw[1]);
    return report
      ? ok({ raw: JSON.stringify({ data: { Subject: report.subject } }, null, 2), truncated: false })
      : fail(404, 'NOT_FOUND', 'Report not found');
  }
  if (method === 'GET' && /^\/api\/networks\/[^/]+\/members$/.test(path))
    return can(role, 'members.view') ? ok(membersOf(world.roles)) : FORBIDDEN;
  return answerBanChange(world, request) ?? answerReportChange(world, request);
};
