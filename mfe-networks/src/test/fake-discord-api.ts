// The Discord routes on top of the fake API: a spec seeds a network's Discord (configured or not,
// its guild, channels, roles, rules, links and what Sync now answers), and the routes answer with
// the real API's rules (discord.manage to set up, discord.links to read the links; 404 to
// strangers; 409 without a guild; bodies judged by the same schemas, with their 400 details).
import {
  API_PATHS,
  can,
  DISCORD_DEFAULT_ADD_TEMPLATE,
  DISCORD_DEFAULT_REMOVE_TEMPLATE,
  DISCORD_SETTINGS,
  type ApiRoute,
  type DiscordChoice,
  type DiscordLink,
  type DiscordRoleRule,
  type DiscordSettings,
  type DiscordSyncReport,
  type Permission,
} from '@outpost/contracts';
import type { FakeRequest } from '@outpost/testing';
import {
  DISCORD_MESSAGES,
  discordRoleRuleSchema,
  discordSettingsSchema,
  updateDiscordRoleRuleSchema,
  validateRequest,
  type DiscordRoleRuleBody,
  type ValidationResult,
} from '@outpost/validation';
import { FakeApi } from './fake-api';

type Reply = { status: number; body: unknown };
type Call = { networkId: string; rest: string[]; body: Record<string, unknown>; query: URLSearchParams };

const ok = (data: unknown, status = 200): Reply => ({ status, body: { success: true, data } });
const fail = (status: number, code: string, error: string, details?: unknown): Reply => ({
  status,
  body: { success: false, error, code, ...(details ? { details } : {}) },
});
const refusedField = (field: string, message: string) =>
  fail(400, 'VALIDATION_FAILED', message, [{ field, message }]);

export const GUILD = {
  id: '900000000000000001',
  name: 'Rust Legends HQ',
  installedAt: '2026-11-20T12:00:00.000Z',
};
export const CHANNELS: DiscordChoice[] = [
  { id: '900000000000000011', name: 'reports' },
  { id: '900000000000000012', name: 'general' },
];
export const ROLES: DiscordChoice[] = [
  { id: '900000000000000021', name: 'VIP' },
  { id: '900000000000000022', name: 'Linked' },
];

/** A network's Discord as the fake keeps it: the settings, plus what the guild itself holds. */
type StoredDiscord = Omit<DiscordSettings, 'interactionsUrl'> & {
  channels: DiscordChoice[];
  roles: DiscordChoice[];
};

export class FakeDiscordApi extends FakeApi {
  discord = new Map<string, StoredDiscord>();
  links: (DiscordLink & { networkId: string })[] = [];
  /** What the next Sync now answers (its `at` and `cause` filled in). */
  syncReport: Omit<DiscordSyncReport, 'at' | 'cause'> = { membersRead: 0, changes: [], errors: [] };

  protected clear(): void {
    super.clear();
    // The fields are set after the base constructor's first clear.
    this.discord?.clear();
    this.links = [];
    this.syncReport = { membersRead: 0, changes: [], errors: [] };
  }

  /** The network's Discord: configured with no guild unless told otherwise. */
  setDiscord(networkId: string, extra: Partial<StoredDiscord> = {}): StoredDiscord {
    const stored: StoredDiscord = {
      configured: true,
      missing: [],
      guild: null,
      reportsChannelId: null,
      linkedRoleId: null,
      roleRules: [],
      lastSync: null,
      channels: CHANNELS,
      roles: ROLES,
      ...extra,
    };
    if (!stored.configured && stored.missing.length === 0) stored.missing = [...DISCORD_SETTINGS];
    this.discord.set(networkId, stored);
    return stored;
  }

  addRule(networkId: string, rule: Partial<DiscordRoleRule> = {}): DiscordRoleRule {
    const stored: DiscordRoleRule = {
      id: this.id('rule'),
      roleId: ROLES[0].id,
      roleName: ROLES[0].name,
      group: 'vip',
      direction: 'to_game',
      addCommand: DISCORD_DEFAULT_ADD_TEMPLATE,
      removeCommand: DISCORD_DEFAULT_REMOVE_TEMPLATE,
      ...rule,
    };
    this.discordOf(networkId).roleRules.push(stored);
    return stored;
  }

  addLink(networkId: string, link: Partial<DiscordLink> = {}): DiscordLink {
    const stored = {
      networkId,
      steamId: '76561198000000001',
      discordUserId: '900000000000000031',
      discordName: 'rex',
      active: true,
      linkedAt: '2026-11-21T10:00:00.000Z',
      playerName: 'Rex',
      ...link,
    };
    this.links.push(stored);
    return stored;
  }

  private discordOf(networkId: string): StoredDiscord {
    return this.discord.get(networkId) ?? this.setDiscord(networkId);
  }

  private settingsOf(networkId: string): DiscordSettings {
    const { channels: _c, roles: _r, ...settings } = this.discordOf(networkId);
    return { ...settings, interactionsUrl: 'https://panel.example.com/api/discord/interactions' };
  }

  /** A body the API's schema took, or its 400 with the details. */
  private judged<T>(result: ValidationResult<T>, then: (data: T) => Reply): Reply {
    return result.success ? then(result.data) : fail(400, 'VALIDATION_FAILED', result.error, result.details);
  }

  /** Runs `then` on a linked guild (409 without one, as the API answers). */
  private linked(networkId: string, then: (discord: StoredDiscord) => Reply): Reply {
    const discord = this.discordOf(networkId);
    return discord.guild ? then(discord) : fail(409, 'CONFLICT', DISCORD_MESSAGES.notLinked);
  }

  private rule(networkId: string, ruleId: string, then: (rule: DiscordRoleRule) => Reply): Reply {
    const rule = this.discordOf(networkId).roleRules.find((found) => found.id === ruleId);
    return rule ? then(rule) : fail(404, 'NOT_FOUND', 'Role rule not found');
  }

  private ruleOf(
    discord: StoredDiscord,
    body: Partial<DiscordRoleRuleBody>,
    then: (roleName?: string) => Reply,
  ) {
    if (body.roleId === undefined) return then();
    const role = discord.roles.find((found) => found.id === body.roleId);
    return role ? then(role.name) : refusedField('roleId', DISCORD_MESSAGES.role);
  }

  private readonly discordRoutes: [ApiRoute, Permission, (call: Call) => Reply][] = [
    [API_PATHS.getDiscordSettings, 'discord.manage', ({ networkId }) => ok(this.settingsOf(networkId))],
    [
      API_PATHS.updateDiscordSettings,
      'discord.manage',
      ({ networkId, body }) =>
        this.linked(networkId, (discord) =>
          this.judged(validateRequest(discordSettingsSchema, body), (changes) => {
            if (changes.reportsChannelId && !discord.channels.some((c) => c.id === changes.reportsChannelId))
              return refusedField('reportsChannelId', DISCORD_MESSAGES.channel);
            if (changes.linkedRoleId && !discord.roles.some((r) => r.id === changes.linkedRoleId))
              return refusedField('linkedRoleId', DISCORD_MESSAGES.linkedRole);
            Object.assign(discord, changes);
            return ok(this.settingsOf(networkId));
          }),
        ),
    ],
    [
      API_PATHS.disconnectDiscord,
      'discord.manage',
      ({ networkId }) =>
        this.linked(networkId, (discord) => {
          Object.assign(discord, { guild: null, reportsChannelId: null, linkedRoleId: null, roleRules: [] });
          return ok(null);
        }),
    ],
    [
      API_PATHS.getDiscordChannels,
      'discord.manage',
      ({ networkId }) => this.linked(networkId, (d) => ok(d.channels)),
    ],
    [
      API_PATHS.getDiscordRoles,
      'discord.manage',
      ({ networkId }) => this.linked(networkId, (d) => ok(d.roles)),
    ],
    [
      API_PATHS.createDiscordRoleRule,
      'discord.manage',
      ({ networkId, body }) =>
        this.linked(networkId, (discord) =>
          this.judged(validateRequest(discordRoleRuleSchema, body), (input) =>
            this.ruleOf(discord, input, (roleName) =>
              ok(this.addRule(networkId, { ...input, roleName }), 201),
            ),
          ),
        ),
    ],
    [
      API_PATHS.updateDiscordRoleRule,
      'discord.manage',
      ({ networkId, rest: [ruleId], body }) =>
        this.rule(networkId, ruleId, (rule) =>
          this.judged(validateRequest(updateDiscordRoleRuleSchema, body), (changes) =>
            this.ruleOf(this.discordOf(networkId), changes, (roleName) => {
              Object.assign(rule, changes, roleName ? { roleName } : {});
              return ok(rule);
            }),
          ),
        ),
    ],
    [
      API_PATHS.deleteDiscordRoleRule,
      'discord.manage',
      ({ networkId, rest: [ruleId] }) =>
        this.rule(networkId, ruleId, (rule) => {
          const discord = this.discordOf(networkId);
          discord.roleRules = discord.roleRules.filter((found) => found !== rule);
          return ok(null);
        }),
    ],
    [
      API_PATHS.syncDiscord,
      'discord.manage',
      ({ networkId }) =>
        this.linked(networkId, (discord) => {
          discord.lastSync = { ...this.syncReport, at: '2026-11-22T09:30:00.000Z', cause: 'manual' };
          return ok(discord.lastSync);
        }),
    ],
    [
      API_PATHS.getDiscordLinks,
      'discord.links',
      ({ networkId, query }) => {
        const steamId = query.get('steamId');
        return ok(
          this.links
            .filter((link) => link.networkId === networkId && (!steamId || link.steamId === steamId))
            .map(({ networkId: _n, ...link }) => link),
        );
      },
    ],
    [
      API_PATHS.deleteDiscordLink,
      'discord.manage',
      ({ networkId, rest: [steamId] }) => {
        const link = this.links.find((found) => found.networkId === networkId && found.steamId === steamId);
        if (!link) return fail(404, 'NOT_FOUND', 'This player has no Discord link');
        this.links = this.links.filter((found) => found !== link);
        return ok(null);
      },
    ],
  ];

  /** Held calls ("GET /api/networks/:id/discord") wait here until release(). */
  private discordWaiting: (() => void)[] = [];

  release(): void {
    super.release();
    this.discordWaiting?.splice(0).forEach((go) => go());
  }

  protected async answer(request: FakeRequest): Promise<Reply> {
    const { method, path, userId, body, query } = request;
    for (const [route, permission, handler] of this.discordRoutes) {
      const params = new RegExp(`^${route.pattern.replace(/:\w+/g, '([^/]+)')}$`).exec(path);
      if (route.method !== method || !params) continue;
      const key = `${route.method} ${route.pattern}`;
      if (this.held.has(key)) await new Promise<void>((resolve) => this.discordWaiting.push(resolve));
      const failure = this.failures.get(key);
      if (failure) return failure;
      if (!userId) return fail(401, 'UNAUTHORIZED', 'Authentication required');
      const [networkId, ...rest] = params.slice(1).map(decodeURIComponent);
      const role = this.roleOf(userId, networkId);
      if (!role) return fail(404, 'NOT_FOUND', 'Network not found');
      if (!can(role, permission)) return fail(403, 'FORBIDDEN', 'You do not have permission to do this');
      return handler({ networkId, rest, body, query });
    }
    return super.answer(request);
  }
}
