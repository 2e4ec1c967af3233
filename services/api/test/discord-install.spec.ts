// Add to Discord (issue 37) against the Discord stand-in: the panel's redirect to Discord's bot
// install (with a browser's cookie or a bearer token, without the X-API-Key), Discord's return to
// the callback (the code exchanged, the guild linked, the 8 slash commands overwritten in bulk,
// audited), and each refusal as a redirect that says why: a forged or expired state, a code used
// twice, a guild already linked to another network, Discord's own error. And a panel whose
// operator set no Discord application: the tab says what to set, nothing else breaks.
import type { AuditEntry } from '@outpost/contracts';
import { DISCORD_COMMAND_NAMES } from '@outpost/contracts';
import { DISCORD_MESSAGES } from '@outpost/validation';
import { SecretBox } from '../src/core/secrets';
import { signInByMagicLink } from './support/auth';
import {
  ACTORS,
  agentOf,
  createCrew,
  expectStatus,
  memberIdOf,
  statusesFor,
  type Crew,
} from './support/crew';
import {
  auditOf,
  CALLBACK_PATH,
  carryOut,
  installGuild,
  installState,
  locationOf,
  reportEvent,
  say,
  settingsOf,
  useDiscordWorld,
} from './support/discord-world';
import { addServer, heartbeat, steamIdOf } from './support/plugin';
import { createTestApp, type TestApp } from './support/test-app';

const failure = (url: URL) => ({
  path: url.pathname,
  discord: url.searchParams.get('discord'),
  reason: url.searchParams.get('reason'),
});

describe('Add to Discord', () => {
  const w = useDiscordWorld({ install: false });
  const installPath = () => `/api/networks/${w.crew.network.id}/discord/install`;
  const badState = 'The Discord install link is not valid or has expired: start again with Add to Discord';

  describe('GET /api/networks/{networkId}/discord/install', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(w.t, w.crew, actor).get(installPath());
      expect([actor, res.status]).toEqual([actor, statusesFor('discord.manage', { ok: 302 })[actor]]);
    });

    it("redirects to Discord's bot install with the client id, scopes, permissions, callback and a state", async () => {
      const res = await w.crew.owner.agent.get(installPath());
      const url = locationOf(res);
      expect(`${url.origin}${url.pathname}`).toBe(`${w.discord.origin}/oauth2/authorize`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: w.discord.applicationId,
        scope: 'bot applications.commands',
        permissions: String((1 << 10) + (1 << 11) + (1 << 14) + 2 ** 28),
        response_type: 'code',
        redirect_uri: `${w.t.config.publicUrl}${CALLBACK_PATH}`,
        state: expect.stringMatching(/^\S{40,}$/),
      });
      // The state is sealed: it names no network or user in the clear.
      expect(url.searchParams.get('state')).not.toContain(w.crew.network.id);
    });

    it('is opened by the browser: a session cookie or a bearer token, without the X-API-Key', async () => {
      const bearer = await w.t.http.get(installPath()).set('Authorization', `Bearer ${w.crew.admin.jwt}`);
      expect(locationOf(bearer).pathname).toBe('/oauth2/authorize');
      const { cookie } = await signInByMagicLink(w.t, w.crew.owner.user.email);
      const browser = await w.t.http.get(installPath()).set('Cookie', cookie);
      expect(locationOf(browser).pathname).toBe('/oauth2/authorize');
      expectStatus(await w.t.http.get(installPath()), 401);
    });
  });

  describe('GET /api/discord/install/callback', () => {
    it('exchanges the code, links the guild, registers the 8 slash commands in bulk and audits it', async () => {
      const res = await installGuild(w, w.crew.admin, w.crew.network.id, w.guildId);
      const url = locationOf(res);
      expect(url.href).toBe(
        `${w.t.config.publicUrl}/networks/${w.crew.network.id}?tab=discord&discord=linked`,
      );
      expect((await settingsOf(w.crew)).guild).toEqual({
        id: w.guildId,
        name: 'Rust Legends Discord',
        installedAt: expect.any(String),
      });
      const [exchange] = w.discord.requestsTo('POST /oauth2/token');
      expect(exchange.body).toMatchObject({
        grant_type: 'authorization_code',
        redirect_uri: `${w.t.config.publicUrl}${CALLBACK_PATH}`,
      });
      const overwrites = w.discord.requestsTo('PUT /applications/:applicationId/guilds/:guildId/commands');
      expect(overwrites).toHaveLength(1);
      expect(overwrites[0].path).toBe(
        `/applications/${w.discord.applicationId}/guilds/${w.guildId}/commands`,
      );
      expect((overwrites[0].body as { name: string }[]).map((command) => command.name)).toEqual([
        ...DISCORD_COMMAND_NAMES,
      ]);
      expect(
        w.discord
          .commands(w.guildId)
          .map((command) => command.name)
          .sort(),
      ).toEqual([...DISCORD_COMMAND_NAMES].sort());
      expect(await auditOf(w.crew, 'discord.connected')).toEqual([
        expect.objectContaining({
          action: 'discord.connected',
          actorId: w.crew.admin.user.id,
          details: { guildId: w.guildId, guildName: 'Rust Legends Discord' },
        } satisfies Partial<AuditEntry>),
      ]);
    });

    it('refuses a forged or expired state, a code used twice, and Discord’s own error, saying why', async () => {
      const code = w.discord.issueInstallCode({ guildId: w.guildId });
      const forged = await w.t.http
        .get(CALLBACK_PATH)
        .query({ code, state: 'v1.forged.state.x', guild_id: w.guildId });
      expect(failure(locationOf(forged))).toEqual({ path: '/networks', discord: 'failed', reason: badState });

      const expired = w.t.app.get(SecretBox, { strict: false }).seal(
        JSON.stringify({
          networkId: w.crew.network.id,
          userId: w.crew.owner.user.id,
          expiresAt: Date.now() - 1000,
        }),
        'discord-install-state',
      );
      const late = await w.t.http.get(CALLBACK_PATH).query({ code, state: expired, guild_id: w.guildId });
      expect(failure(locationOf(late))).toEqual({ path: '/networks', discord: 'failed', reason: badState });

      // Sealed for another purpose (the same box seals other secrets): not a state.
      const otherContext = w.t.app.get(SecretBox, { strict: false }).seal(
        JSON.stringify({
          networkId: w.crew.network.id,
          userId: w.crew.owner.user.id,
          expiresAt: Date.now() + 60_000,
        }),
        'something-else',
      );
      const misused = await w.t.http
        .get(CALLBACK_PATH)
        .query({ code, state: otherContext, guild_id: w.guildId });
      expect(failure(locationOf(misused)).reason).toBe(badState);

      const state = await installState(w.crew.owner, w.crew.network.id);
      const used = w.discord.issueInstallCode({ guildId: w.guildId });
      expect(
        locationOf(
          await w.t.http.get(CALLBACK_PATH).query({ code: used, state, guild_id: w.guildId }),
        ).searchParams.get('discord'),
      ).toBe('linked');
      const twice = await w.t.http.get(CALLBACK_PATH).query({ code: used, state, guild_id: w.guildId });
      expect(failure(locationOf(twice))).toMatchObject({
        discord: 'failed',
        reason: expect.stringMatching(/^Discord did not confirm the install: Discord answered 400/),
      });

      const denied = await w.t.http.get(CALLBACK_PATH).query({ error: 'access_denied', state });
      expect(failure(locationOf(denied))).toEqual({
        path: '/networks',
        discord: 'failed',
        reason: 'Discord did not confirm the install: access_denied',
      });
      expect((await settingsOf(w.crew)).guild?.id).toBe(w.guildId);
    });

    it('refuses a guild already linked to another network, and that network keeps its own guild', async () => {
      const theirs = w.discord.addGuild({ name: 'Other Discord' });
      expect(
        locationOf(await installGuild(w, w.other.owner, w.other.network.id, theirs)).searchParams.get(
          'discord',
        ),
      ).toBe('linked');
      const taken = await installGuild(w, w.other.owner, w.other.network.id, w.guildId);
      expect(failure(locationOf(taken))).toEqual({
        path: '/networks',
        discord: 'failed',
        reason: 'That Discord server is already linked to another network: disconnect it there first',
      });
      expect((await settingsOf(w.other)).guild?.id).toBe(theirs);
      expect((await settingsOf(w.crew)).guild?.id).toBe(w.guildId);
    });

    it("installing another guild replaces the network's, with the old one's channel, role and rules", async () => {
      const otherBase = `/api/networks/${w.other.network.id}/discord`;
      const first = (await settingsOf(w.other)).guild!.id;
      const channel = w.discord.addChannel(first, 'reports');
      const role = w.discord.addRole(first, { name: 'VIP' });
      expectStatus(
        await w.other.owner.agent
          .patch(otherBase)
          .send({ reportsChannelId: channel.id, linkedRoleId: role.id }),
        200,
      );
      expectStatus(
        await w.other.owner.agent
          .post(`${otherBase}/role-rules`)
          .send({ roleId: role.id, group: 'vip', direction: 'to_game' }),
        201,
      );
      const next = w.discord.addGuild({ name: 'New Discord' });
      expect(
        locationOf(await installGuild(w, w.other.owner, w.other.network.id, next)).searchParams.get(
          'discord',
        ),
      ).toBe('linked');
      expect(await settingsOf(w.other)).toMatchObject({
        guild: { id: next, name: 'New Discord' },
        reportsChannelId: null,
        linkedRoleId: null,
        roleRules: [],
      });
    });

    it('refuses a state whose user may no longer manage the network’s Discord', async () => {
      const state = await installState(w.crew.admin, w.crew.network.id);
      const memberId = await memberIdOf(w.crew.owner, w.crew.network.id, w.crew.admin.user.id);
      const demote = (role: string) =>
        w.crew.owner.agent.patch(`/api/networks/${w.crew.network.id}/members/${memberId}`).send({ role });
      expectStatus(await demote('moderator'), 200);
      try {
        const fresh = w.discord.addGuild({ name: 'Moderator’s Discord' });
        const code = w.discord.issueInstallCode({ guildId: fresh });
        const res = await w.t.http.get(CALLBACK_PATH).query({ code, state, guild_id: fresh });
        expect(failure(locationOf(res))).toEqual({ path: '/networks', discord: 'failed', reason: badState });
        expect((await settingsOf(w.crew)).guild?.id).toBe(w.guildId);
      } finally {
        expectStatus(await demote('admin'), 200);
      }
    });
  });
});

describe('Discord not configured by the operator', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        DISCORD_CLIENT_ID: undefined,
        DISCORD_CLIENT_SECRET: undefined,
        DISCORD_PUBLIC_KEY: undefined,
        DISCORD_BOT_TOKEN: undefined,
        DISCORD_API_URL: undefined,
      },
    });
    crew = await createCrew(t);
  }, 60_000);
  afterAll(() => t.close());
  const base = () => `/api/networks/${crew.network.id}/discord`;

  it('the tab says what the operator must set', async () => {
    expect(await settingsOf(crew)).toEqual({
      configured: false,
      missing: ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DISCORD_PUBLIC_KEY', 'DISCORD_BOT_TOKEN'],
      interactionsUrl: `${t.config.publicUrl}/api/discord/interactions`,
      guild: null,
      reportsChannelId: null,
      linkedRoleId: null,
      roleRules: [],
      lastSync: null,
    });
  });

  it('Add to Discord answers 409 with what to set', async () => {
    const res = expectStatus(await crew.owner.agent.get(`${base()}/install`), 409);
    expect(res.body.error).toBe(DISCORD_MESSAGES.notConfigured);
  });

  it('nothing else breaks: links, the interactions endpoint, game chat and reports', async () => {
    expect(expectStatus(await crew.moderator.agent.get(`${base()}/links`), 200).body.data).toEqual([]);
    expect((await t.http.post('/api/discord/interactions').send({ type: 1 })).status).toBe(401);
    const server = await addServer(crew.owner, crew.network.id, 'EU Main');
    const rex = { steamId: steamIdOf(3711), name: 'Rex' };
    await heartbeat(t, server.token, [rex]);
    await say(t, server, rex, '!link ABCD2345');
    // A network without Discord does not answer `!link` in game.
    expect(await carryOut(t, server)).toEqual([]);
    await reportEvent(t, server, {
      id: 'report-1',
      from: rex,
      target: { steamId: steamIdOf(3712), name: 'Bob' },
      subject: 'aimbot',
    });
    expect(
      expectStatus(await crew.moderator.agent.get(`/api/networks/${crew.network.id}/reports`), 200).body.data
        .reports,
    ).toHaveLength(1);
    const callback = await t.http.get(CALLBACK_PATH).query({ code: 'x', state: 'y' });
    expect(locationOf(callback).searchParams.get('discord')).toBe('failed');
    expect((await crew.owner.agent.post(`${base()}/sync`)).status).toBe(409);
    expect((await crew.owner.agent.get(`/api/networks/${crew.network.id}`)).status).toBe(200);
  });
});
