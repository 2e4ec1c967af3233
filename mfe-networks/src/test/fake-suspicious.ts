// The suspicious-activity routes on top of the fake API: a spec seeds a server's list, and the
// routes answer it with the real API's rules (membership, moderators and up, the plan, reviews).
import {
  can,
  DEFAULT_SUSPICIOUS_SETTINGS,
  planRequiredMessage,
  type Permission,
  type SuspiciousList,
  type SuspiciousPlayer,
  type SuspiciousSettings,
} from '@outpost/contracts';
import type { FakeRequest } from '@outpost/testing';
import { suspiciousSettingsSchema, validateRequest } from '@outpost/validation';
import { FakeApi } from './fake-api';

type FakeReply = { status: number; body: unknown };
const ok = (data: unknown): FakeReply => ({ status: 200, body: { success: true, data } });
const fail = (status: number, code: string, error: string, details?: unknown): FakeReply => ({
  status,
  body: { success: false, error, code, ...(details ? { details } : {}) },
});

export const suspect = (
  steamId: string,
  name: string,
  extra: Partial<SuspiciousPlayer> = {},
): SuspiciousPlayer => ({
  steamId,
  name,
  score: 54.8,
  factors: [
    {
      key: 'reports',
      label: 'Reports',
      weight: 10,
      value: 3,
      contribution: 30,
      summary: '3 from 3 players',
      evidence: { counts: { reports: 3, reporters: 3 }, ids: ['r1', 'r2', 'r3'] },
    },
    {
      key: 'kd',
      label: 'K/D',
      weight: 8,
      value: 3.1,
      contribution: 24.8,
      summary: '12.5 (z=3.1)',
      evidence: {
        counts: { kills: 50, deaths: 4 },
        population: { mean: 1.2, deviation: 3.6, players: 412 },
      },
    },
    {
      key: 'violations',
      label: 'AntiHack violations',
      weight: 15,
      value: 0,
      contribution: 0,
      summary: 'none',
      evidence: { counts: { violations: 0 } },
    },
  ],
  review: null,
  ...extra,
});

export class FakeSuspiciousApi extends FakeApi {
  lists = new Map<string, SuspiciousPlayer[]>();
  settings: SuspiciousSettings = DEFAULT_SUSPICIOUS_SETTINGS;
  /** Networks whose owner is on Free (403 plan_required). */
  free = new Set<string>();
  reviews: { steamId: string; action: string; note?: string }[] = [];
  saved: SuspiciousSettings[] = [];

  protected clear(): void {
    super.clear();
    this.lists?.clear();
    this.free?.clear();
    if (this.reviews) this.reviews = [];
    if (this.saved) this.saved = [];
    this.settings = DEFAULT_SUSPICIOUS_SETTINGS;
  }

  private gate(userId: string, networkId: string, permission: Permission): FakeReply | null {
    const role = this.roleOf(userId, networkId);
    if (!role) return fail(404, 'NOT_FOUND', 'Network not found');
    if (!can(role, permission)) return fail(403, 'FORBIDDEN', 'You do not have permission to do this');
    if (this.free.has(networkId))
      return fail(403, 'plan_required', planRequiredMessage('suspiciousActivity'));
    return null;
  }

  protected async answer(request: FakeRequest): Promise<FakeReply> {
    const { method, path, userId, body } = request;
    const server = /^\/api\/servers\/([^/]+)\/suspicious$/.exec(path);
    const settings = /^\/api\/networks\/([^/]+)\/suspicious\/settings$/.exec(path);
    const review = /^\/api\/networks\/([^/]+)\/suspicious\/([^/]+)\/(dismiss|flag)$/.exec(path);
    if (!server && !settings && !review) return super.answer(request);
    const key = `${method} ${path.replace(/\/api\/(servers|networks)\/[^/]+/, '/api/$1/:id')}`;
    const failure = this.failures.get(key) ?? this.failures.get(`${method} ${path}`);
    if (failure) return failure;
    if (!userId) return fail(401, 'UNAUTHORIZED', 'Authentication required');
    if (server) {
      const stored = this.servers.find((s) => s.id === server[1]);
      if (!stored) return fail(404, 'NOT_FOUND', 'Server not found');
      const refused = this.gate(userId, stored.networkId, 'players.moderate');
      if (refused) return refused;
      const list: SuspiciousList = {
        players: this.lists.get(stored.id) ?? [],
        scored: 412,
        population: {
          kd: { mean: 1.2, deviation: 3.6, players: 412 },
          headshots: { mean: 0.21, deviation: 0.08, players: 380 },
        },
        settings: this.settings,
        scoredAt: '2026-01-05T12:00:00.000Z',
      };
      return ok(list);
    }
    if (settings) {
      const refused = this.gate(userId, settings[1], 'alerts.manage');
      if (refused) return refused;
      if (method === 'PUT') {
        const checked = validateRequest(suspiciousSettingsSchema, body);
        if (!checked.success) return fail(400, 'VALIDATION_FAILED', checked.error, checked.details);
        this.settings = checked.data;
        this.saved.push(checked.data);
      }
      return ok(this.settings);
    }
    const [, networkId, steamId, action] = review!;
    const refused = this.gate(userId, networkId, 'players.moderate');
    if (refused) return refused;
    const note = (body as { note?: string }).note;
    this.reviews.push({ steamId, action, note });
    for (const [serverId, players] of this.lists)
      this.lists.set(
        serverId,
        players.map((p) =>
          p.steamId === steamId
            ? {
                ...p,
                review: {
                  state: action === 'dismiss' ? 'dismissed' : 'flagged',
                  note: note ?? null,
                  byName: 'Ana',
                  at: '2026-01-05T12:00:00.000Z',
                },
              }
            : p,
        ),
      );
    return ok(suspect(steamId, 'x'));
  }
}
