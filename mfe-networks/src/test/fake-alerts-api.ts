// The fake API with the alerts routes: rules, channels (with "Send test") and the history, guarded
// as the API does (alerts.manage to change, network.view to read; 404 to strangers), with the
// API's 400 field details so the forms' server-side messages can be seen.
import {
  ALERT_LIMITS,
  can,
  type Alert,
  type AlertChannel,
  type AlertDelivery,
  type AlertRule,
  type Permission,
} from '@outpost/contracts';
import type { FakeRequest } from '@outpost/testing';
import { ALERT_RULE_MESSAGES } from '@outpost/validation';
import { FakeApi } from './fake-api';

/** FakeApi's replies always carry a body. */
type FakeReply = { status: number; body: unknown };

const ok = (data: unknown, status = 200): FakeReply => ({ status, body: { success: true, data } });
const fail = (status: number, code: string, error: string): FakeReply => ({
  status,
  body: { success: false, error, code },
});
const invalid = (field: string, message: string): FakeReply => ({
  status: 400,
  body: { success: false, error: 'Invalid input', code: 'VALIDATION_FAILED', details: [{ field, message }] },
});

/** A URL the egress policy refuses (the cloud metadata address). */
export const REFUSED_URL_MESSAGE =
  'Refused by the egress policy: link-local and metadata addresses are not allowed';

export class FakeAlertsApi extends FakeApi {
  rules: AlertRule[] = [];
  channels: AlertChannel[] = [];
  alerts: Alert[] = [];
  /** What "Send test" answers next (its status and reason). */
  testOutcome: Pick<AlertDelivery, 'status' | 'lastError' | 'nextAttemptAt' | 'attempts'> = {
    status: 'succeeded',
    lastError: null,
    nextAttemptAt: null,
    attempts: 1,
  };
  /** The secret a new webhook channel answers with. */
  secret = 'whsec_0123456789abcdef';

  protected clear(): void {
    super.clear();
    this.rules = [];
    this.channels = [];
    this.alerts = [];
    this.testOutcome = { status: 'succeeded', lastError: null, nextAttemptAt: null, attempts: 1 };
  }

  addRule(networkId: string, fields: Partial<AlertRule> = {}): AlertRule {
    const rule: AlertRule = {
      id: this.id('rule'),
      networkId,
      serverId: null,
      kind: 'server_offline',
      threshold: null,
      minutes: null,
      steamIds: [],
      channelIds: null,
      enabled: true,
      fromSettings: false,
      createdAt: '2026-01-04T00:00:00.000Z',
      ...fields,
    };
    this.rules.push(rule);
    return rule;
  }

  addChannel(networkId: string, fields: Partial<AlertChannel> = {}): AlertChannel {
    const channel: AlertChannel = {
      id: this.id('chan'),
      networkId,
      type: 'panel',
      name: 'The bell',
      emails: [],
      url: null,
      enabled: true,
      createdAt: '2026-01-04T00:00:00.000Z',
      ...fields,
    };
    this.channels.push(channel);
    return channel;
  }

  /** Adds an alert (newest first, as the API lists them). */
  addAlert(networkId: string, fields: Partial<Alert> = {}): Alert {
    const alert: Alert = {
      id: this.id('alert'),
      networkId,
      networkName: this.networks.find((n) => n.id === networkId)?.name ?? '',
      serverId: null,
      serverName: null,
      ruleId: 'rule-x',
      kind: 'server_offline',
      title: 'A server is offline',
      state: 'firing',
      firedAt: new Date().toISOString(),
      resolvedAt: null,
      flaps: 0,
      deliveries: [],
      ...fields,
    };
    this.alerts.unshift(alert);
    return alert;
  }

  private can(userId: string, networkId: string, permission: Permission, then: () => FakeReply): FakeReply {
    const role = this.roleOf(userId, networkId);
    if (!role) return fail(404, 'NOT_FOUND', 'Network not found');
    if (!can(role, permission)) return fail(403, 'FORBIDDEN', 'You do not have permission to do this');
    return then();
  }

  private checkRule(networkId: string, body: Record<string, unknown>): FakeReply | null {
    const { threshold, minutes, channelIds } = body;
    const known = (id: unknown) => this.channels.some((c) => c.id === id && c.networkId === networkId);
    if (Array.isArray(channelIds) && !channelIds.every(known))
      return invalid('channelIds', ALERT_RULE_MESSAGES.unknownChannel);
    if (['players_above', 'players_below', 'fps_below'].includes(String(body.kind))) {
      if (typeof threshold !== 'number' || threshold > ALERT_LIMITS.threshold.max)
        return invalid('threshold', 'threshold must be an integer from 0 to 100000');
      if (typeof minutes !== 'number' || minutes > ALERT_LIMITS.minutes.max)
        return invalid('minutes', 'minutes must be an integer from 1 to 1440');
    }
    return null;
  }

  private checkChannel(body: Record<string, unknown>): FakeReply | null {
    if (typeof body.url === 'string' && body.url.includes('169.254.169.254'))
      return invalid('url', REFUSED_URL_MESSAGE);
    return null;
  }

  private answerAlerts({
    method,
    path,
    body,
    userId,
    query,
  }: FakeRequest & { userId: string }): FakeReply | null {
    const match =
      /^\/api\/networks\/([^/]+)\/(alert-rules|alert-channels|alerts)(?:\/([^/]+))?(?:\/(test))?$/.exec(path);
    if (!match) return null;
    const [, networkId, collection, id, test] = match;
    const key = `${method} ${collection}${id ? '/:id' : ''}${test ? '/test' : ''}`;
    const failure = this.failures.get(`${method} /api/networks/:id/${key.split(' ')[1]}`);
    if (failure) return failure;
    switch (key) {
      case 'GET alert-rules':
        return this.can(userId, networkId, 'alerts.manage', () =>
          ok(this.rules.filter((r) => r.networkId === networkId)),
        );
      case 'POST alert-rules':
        return this.can(userId, networkId, 'alerts.manage', () => {
          const refused = this.checkRule(networkId, body);
          if (refused) return refused;
          return ok(this.addRule(networkId, body as Partial<AlertRule>), 201);
        });
      case 'PATCH alert-rules/:id':
        return this.can(userId, networkId, 'alerts.manage', () => {
          const rule = this.rules.find((r) => r.id === id && r.networkId === networkId);
          if (!rule) return fail(404, 'NOT_FOUND', 'Alert rule not found');
          const refused = this.checkRule(networkId, { ...rule, ...body });
          if (refused) return refused;
          Object.assign(rule, body);
          return ok(rule);
        });
      case 'DELETE alert-rules/:id':
        return this.can(userId, networkId, 'alerts.manage', () => {
          this.rules = this.rules.filter((r) => r.id !== id);
          return ok(null);
        });
      case 'GET alert-channels':
        return this.can(userId, networkId, 'alerts.manage', () =>
          ok(this.channels.filter((c) => c.networkId === networkId)),
        );
      case 'POST alert-channels':
        return this.can(userId, networkId, 'alerts.manage', () => {
          const refused = this.checkChannel(body);
          if (refused) return refused;
          const channel = this.addChannel(networkId, body as Partial<AlertChannel>);
          return ok(channel.type === 'webhook' ? { ...channel, secret: this.secret } : channel, 201);
        });
      case 'PATCH alert-channels/:id':
        return this.can(userId, networkId, 'alerts.manage', () => {
          const channel = this.channels.find((c) => c.id === id && c.networkId === networkId);
          if (!channel) return fail(404, 'NOT_FOUND', 'Alert channel not found');
          const refused = this.checkChannel(body);
          if (refused) return refused;
          Object.assign(channel, body);
          return ok(channel);
        });
      case 'DELETE alert-channels/:id':
        return this.can(userId, networkId, 'alerts.manage', () => {
          this.channels = this.channels.filter((c) => c.id !== id);
          // As the API does: the rules that named it lose it; one left with none sends to every channel.
          for (const rule of this.rules) {
            const left = rule.channelIds?.filter((channelId) => channelId !== id) ?? null;
            rule.channelIds = left && left.length > 0 ? left : null;
          }
          return ok(null);
        });
      case 'POST alert-channels/:id/test':
        return this.can(userId, networkId, 'alerts.manage', () => {
          const channel = this.channels.find((c) => c.id === id && c.networkId === networkId);
          if (!channel) return fail(404, 'NOT_FOUND', 'Alert channel not found');
          const delivery: AlertDelivery = {
            id: this.id('delivery'),
            channelId: channel.id,
            channelType: channel.type,
            channelName: channel.name,
            event: 'test',
            deliveredAt: this.testOutcome.status === 'succeeded' ? new Date().toISOString() : null,
            ...this.testOutcome,
          };
          return ok(delivery);
        });
      case 'GET alerts':
        return this.can(userId, networkId, 'network.view', () => {
          const serverId = query.get('serverId');
          const state = query.get('state');
          const alerts = this.alerts.filter(
            (a) =>
              a.networkId === networkId &&
              (!serverId || a.serverId === serverId) &&
              (!state || a.state === state),
          );
          return ok({ alerts, nextCursor: null });
        });
      default:
        return null;
    }
  }

  protected async answer(request: FakeRequest): Promise<FakeReply> {
    const { userId } = request;
    const alerts = userId ? this.answerAlerts({ ...request, userId }) : null;
    return alerts ?? super.answer(request);
  }
}
