// The automation routes on top of the fake API: a spec seeds automations, their runs, the
// templates and a dry run's answer, and the routes answer them with the real API's rules
// (automation.view to read, automation.manage to change; 404 to strangers; 403 plan_required on a
// Free network; the body judged by the same schema, with its 400 details).
import {
  API_PATHS,
  can,
  planRequiredMessage,
  type AlertChannel,
  type ApiRoute,
  type Automation,
  type AutomationInput,
  type AutomationRun,
  type AutomationTemplate,
  type DryRunResponse,
  type Permission,
} from '@outpost/contracts';
import type { FakeRequest } from '@outpost/testing';
import { automationSchema, validateRequest } from '@outpost/validation';
import { FakeApi } from './fake-api';

/** FakeApi's replies always name a body (undefined: none, as a 204 has). */
type FakeReply = { status: number; body: unknown };
type Call = { userId: string; params: string[]; body: Record<string, unknown>; query: URLSearchParams };

const ok = (data: unknown, status = 200): FakeReply => ({ status, body: { success: true, data } });
const fail = (status: number, code: string, error: string, details?: unknown): FakeReply => ({
  status,
  body: { success: false, error, code, ...(details ? { details } : {}) },
});

export const TEMPLATES: AutomationTemplate[] = [
  {
    id: 'restart-countdown',
    name: 'Restart countdown',
    description: 'Warns the players 60, 30, 10, 5 and 1 minutes ahead, then restarts the server.',
    automation: {
      name: 'Daily restart',
      enabled: true,
      serverIds: null,
      schedule: { cron: '0 5 * * *', timezone: 'UTC', onlyWhenOnline: true },
      actions: [
        { type: 'broadcast', message: 'Restart in 60 minutes', delaySeconds: 0 },
        { type: 'broadcast', message: 'Restart in 1 minute', delaySeconds: 900 },
        { type: 'console', command: 'restart 60 "Daily restart"', delaySeconds: 60 },
      ],
    },
  },
  {
    id: 'warn-chat-keyword',
    name: 'Warn on a chat keyword',
    description: 'Warns a player whose chat matches a word the rules forbid.',
    automation: {
      name: 'No advertising',
      enabled: true,
      serverIds: null,
      trigger: { event: 'chat.message', pattern: '(?:discord\\.gg|free skins)', channel: null },
      perPlayerCooldownSeconds: 600,
      actions: [{ type: 'warn', message: 'No advertising on {server.name}, {player.name}' }],
    },
  },
];

/** An automation as the API lists it, from its input. */
export const automationOf = (
  networkId: string,
  id: string,
  input: AutomationInput,
  extra: Partial<Automation> = {},
): Automation => ({
  id,
  networkId,
  kind: input.schedule ? 'schedule' : 'trigger',
  cooldownSeconds: 0,
  perPlayerCooldownSeconds: 0,
  nextRunAt: input.schedule && input.enabled ? '2026-12-03T05:00:00.000Z' : null,
  lastRun: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  ...input,
  ...extra,
});

export class FakeAutomationApi extends FakeApi {
  automations: Automation[] = [];
  /** Per automation, newest first. */
  runs = new Map<string, AutomationRun[]>();
  templates: AutomationTemplate[] = TEMPLATES;
  alertChannels: AlertChannel[] = [];
  dryRun: DryRunResponse = { examined: 0, matches: [], replayable: true };
  /** Networks whose owner is on Free (403 plan_required). */
  free = new Set<string>();

  protected clear(): void {
    super.clear();
    // The fields are set after the base constructor's first clear.
    this.automations = [];
    this.runs?.clear();
    this.free?.clear();
    this.templates = TEMPLATES;
    this.alertChannels = [];
    this.dryRun = { examined: 0, matches: [], replayable: true };
  }

  addAutomation(networkId: string, input: AutomationInput, extra: Partial<Automation> = {}): Automation {
    const automation = automationOf(networkId, this.id('auto'), input, extra);
    this.automations.push(automation);
    return automation;
  }

  addRun(automation: Automation, run: Partial<AutomationRun> = {}): AutomationRun {
    const stored: AutomationRun = {
      id: this.id('run'),
      automationId: automation.id,
      automationName: automation.name,
      serverId: null,
      serverName: null,
      cause: automation.kind === 'schedule' ? 'schedule' : (automation.trigger?.event ?? 'manual'),
      summary: 'Due at 05:00',
      steamId: null,
      status: 'succeeded',
      reason: null,
      dueAt: '2026-12-02T05:00:00.000Z',
      startedAt: '2026-12-02T05:00:00.000Z',
      finishedAt: '2026-12-02T05:00:02.500Z',
      actions: [],
      ...run,
    };
    this.runs.set(automation.id, [stored, ...(this.runs.get(automation.id) ?? [])]);
    return stored;
  }

  /** Runs `then` when the caller may `permission` (in a Premium network, for automation's own routes). */
  private gate(
    userId: string,
    networkId: string,
    permission: Permission,
    then: () => FakeReply,
    premium = true,
  ): FakeReply {
    const role = this.roleOf(userId, networkId);
    if (!role) return fail(404, 'NOT_FOUND', 'Network not found');
    if (!can(role, permission)) return fail(403, 'FORBIDDEN', 'You do not have permission to do this');
    if (premium && this.free.has(networkId))
      return fail(403, 'plan_required', planRequiredMessage('automation'));
    return then();
  }

  /** Holds the calls named in `held` ("GET /api/networks/:id/automations") until release(). */
  private waiting: (() => void)[] = [];

  release(): void {
    super.release();
    this.waiting?.splice(0).forEach((go) => go());
  }

  private find(networkId: string, automationId: string, then: (automation: Automation) => FakeReply) {
    const automation = this.automations.find((a) => a.id === automationId && a.networkId === networkId);
    return automation ? then(automation) : fail(404, 'NOT_FOUND', 'Automation not found');
  }

  private judged(networkId: string, id: string, body: unknown, then: (automation: Automation) => FakeReply) {
    const result = validateRequest(automationSchema, body);
    if (!result.success) return fail(400, 'VALIDATION_FAILED', result.error, result.details);
    return then(automationOf(networkId, id, result.data as AutomationInput));
  }

  private readonly automationRoutes: [ApiRoute, (call: Call) => FakeReply][] = [
    [
      API_PATHS.getAutomations,
      ({ userId, params: [networkId] }) =>
        this.gate(userId, networkId, 'automation.view', () =>
          ok(this.automations.filter((a) => a.networkId === networkId)),
        ),
    ],
    [
      API_PATHS.createAutomation,
      ({ userId, params: [networkId], body }) =>
        this.gate(userId, networkId, 'automation.manage', () =>
          this.judged(networkId, this.id('auto'), body, (automation) => {
            this.automations.push(automation);
            return ok(automation, 201);
          }),
        ),
    ],
    [
      API_PATHS.updateAutomation,
      ({ userId, params: [networkId, automationId], body }) =>
        this.gate(userId, networkId, 'automation.manage', () =>
          this.find(networkId, automationId, (stored) => {
            const {
              id: _id,
              networkId: _n,
              kind: _k,
              nextRunAt: _r,
              lastRun,
              createdAt,
              updatedAt: _u,
              ...input
            } = stored;
            return this.judged(networkId, stored.id, { ...input, ...body }, (changed) => {
              Object.assign(stored, { ...changed, lastRun, createdAt });
              return ok(stored);
            });
          }),
        ),
    ],
    [
      API_PATHS.deleteAutomation,
      ({ userId, params: [networkId, automationId] }) =>
        this.gate(userId, networkId, 'automation.manage', () =>
          this.find(networkId, automationId, (stored) => {
            this.automations = this.automations.filter((a) => a !== stored);
            return { status: 204, body: undefined };
          }),
        ),
    ],
    [
      API_PATHS.runAutomation,
      ({ userId, params: [networkId, automationId] }) =>
        this.gate(userId, networkId, 'automation.manage', () =>
          this.find(networkId, automationId, (stored) => {
            const run = this.addRun(stored, {
              cause: 'manual',
              summary: 'Started by hand',
              status: 'running',
              finishedAt: null,
            });
            return ok({ runId: run.id }, 202);
          }),
        ),
    ],
    [
      API_PATHS.dryRunAutomation,
      ({ userId, params: [networkId, automationId] }) =>
        this.gate(userId, networkId, 'automation.manage', () =>
          this.find(networkId, automationId, () => ok(this.dryRun)),
        ),
    ],
    [
      API_PATHS.getAutomationRuns,
      ({ userId, params: [networkId, automationId], query }) =>
        this.gate(userId, networkId, 'automation.view', () =>
          this.find(networkId, automationId, (stored) => {
            const all = this.runs.get(stored.id) ?? [];
            const limit = Number(query.get('limit') ?? 25);
            const start = Number(query.get('cursor') ?? 0);
            const end = start + limit;
            return ok({ runs: all.slice(start, end), nextCursor: end < all.length ? String(end) : null });
          }),
        ),
    ],
    [
      API_PATHS.getAutomationTemplates,
      ({ userId, params: [networkId] }) =>
        this.gate(userId, networkId, 'automation.view', () => ok(this.templates)),
    ],
    [
      API_PATHS.getAlertChannels,
      ({ userId, params: [networkId] }) =>
        this.gate(
          userId,
          networkId,
          'alerts.manage',
          () => ok(this.alertChannels.filter((c) => c.networkId === networkId)),
          false,
        ),
    ],
  ];

  protected async answer(request: FakeRequest): Promise<FakeReply> {
    for (const [route, handler] of this.automationRoutes) {
      const match = new RegExp(`^${route.pattern.replace(/:\w+/g, '([^/]+)')}$`).exec(request.path);
      if (route.method !== request.method || !match) continue;
      const key = `${route.method} ${route.pattern}`;
      if (this.held.has(key)) await new Promise<void>((resolve) => this.waiting.push(resolve));
      const failure = this.failures.get(key);
      if (failure) return failure;
      if (!request.userId) return fail(401, 'UNAUTHORIZED', 'Authentication required');
      const { userId, body, query } = request;
      return handler({ userId, params: match.slice(1).map(decodeURIComponent), body, query });
    }
    return super.answer(request);
  }
}
