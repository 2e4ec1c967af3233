// The network's Discord routes (issue 37) against the Discord stand-in: each route for each role
// (owners and admins manage it, moderators also read the links, members get 403, outsiders 404,
// no token 401, the demo only what a member reads), bad input answered with the field and the
// validation lib's message, and GET never carrying the bot token or the client secret.
import { RequestContext } from '@mikro-orm/core';
import type { DiscordChoice, DiscordRoleRule, DiscordSettings } from '@outpost/contracts';
import { DISCORD_MESSAGES } from '@outpost/validation';
import { DiscordLinkRecord } from '../src/modules/discord/discord.entity';
import { ACTORS, agentOf, countRows, expectStatus, statusesFor, type Actor } from './support/crew';
import { installGuild, linksOf, rex, settingsOf, useDiscordWorld } from './support/discord-world';
import { steamIdOf } from './support/plugin';

describe('Discord routes', () => {
  const w = useDiscordWorld();
  const base = () => `/api/networks/${w.crew.network.id}/discord`;
  const manage = (ok = 200) => statusesFor('discord.manage', { ok, write: true });
  let vipRoleId: string;
  let reportsChannelId: string;

  beforeAll(() => {
    vipRoleId = w.discord.addRole(w.guildId, { name: 'VIP' }).id;
    reportsChannelId = w.discord.addChannel(w.guildId, 'reports').id;
  });

  const addRule = async (group: string): Promise<DiscordRoleRule> =>
    expectStatus(
      await w.crew.owner.agent
        .post(`${base()}/role-rules`)
        .send({ roleId: vipRoleId, group, direction: 'to_game' }),
      201,
    ).body.data as DiscordRoleRule;
  /** A link straight in the table (the !link flow is discord-links.spec.ts's). */
  const storeLink = (steamId: string, discordUserId: string) =>
    RequestContext.create(w.t.orm.em, async () => {
      const em = w.t.orm.em.fork();
      em.create(DiscordLinkRecord, {
        networkId: w.crew.network.id,
        steamId,
        discordUserId,
        discordName: `user${discordUserId.slice(-4)}`,
      });
      await em.flush();
    });
  const expectMatrix = (actor: Actor, status: number, expected: Record<Actor, number>, body?: unknown) => {
    if (status !== expected[actor])
      throw new Error(`${actor}: expected ${expected[actor]}, got ${status}: ${JSON.stringify(body)}`);
  };

  describe('GET /api/networks/{networkId}/discord', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(w.t, w.crew, actor).get(base());
      expectMatrix(actor, res.status, statusesFor('discord.manage'), res.body);
    });

    it('shows the linked guild and what the operator set, never a token or the client secret', async () => {
      const res = expectStatus(await w.crew.admin.agent.get(base()), 200);
      expect(res.body.data).toEqual({
        configured: true,
        missing: [],
        interactionsUrl: `${w.t.config.publicUrl}/api/discord/interactions`,
        guild: { id: w.guildId, name: 'Rust Legends Discord', installedAt: expect.any(String) },
        reportsChannelId: null,
        linkedRoleId: null,
        roleRules: [],
        lastSync: null,
      } satisfies DiscordSettings);
      expect(res.text).not.toContain(w.discord.botToken);
      expect(res.text).not.toContain(w.discord.clientSecret);
      expect(res.text).not.toContain(w.discord.signer.publicKeyHex);
    });

    it('answers 404 for a network the caller is not in', async () => {
      const res = await w.crew.owner.agent.get(`/api/networks/${w.other.network.id}/discord`);
      expect(res.status).toBe(404);
    });
  });

  describe('PATCH /api/networks/{networkId}/discord', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(w.t, w.crew, actor).patch(base()).send({ reportsChannelId: null });
      expectMatrix(actor, res.status, manage(), res.body);
    });

    it('chooses the reports channel and the Linked role among the guild’s', async () => {
      const linked = w.discord.addRole(w.guildId, { name: 'Linked' });
      const res = expectStatus(
        await w.crew.owner.agent.patch(base()).send({ reportsChannelId, linkedRoleId: linked.id }),
        200,
      );
      expect(res.body.data).toMatchObject({ reportsChannelId, linkedRoleId: linked.id });
      expect(await settingsOf(w.crew)).toMatchObject({ reportsChannelId, linkedRoleId: linked.id });
      const cleared = expectStatus(await w.crew.owner.agent.patch(base()).send({ linkedRoleId: null }), 200);
      expect(cleared.body.data).toMatchObject({ reportsChannelId, linkedRoleId: null });
    });

    it('refuses bad input with the field and the message', async () => {
      const botRole = w.discord.roles(w.guildId).find((role) => role.managed)!;
      const cases: [unknown, { field: string; message: string }][] = [
        [{ reportsChannelId: 'general' }, { field: 'reportsChannelId', message: DISCORD_MESSAGES.channel }],
        [
          { reportsChannelId: '999999999999999999' },
          { field: 'reportsChannelId', message: DISCORD_MESSAGES.channel },
        ],
        [{ linkedRoleId: 12 }, { field: 'linkedRoleId', message: DISCORD_MESSAGES.linkedRole }],
        // The bot's own role and @everyone are not for giving.
        [{ linkedRoleId: botRole.id }, { field: 'linkedRoleId', message: DISCORD_MESSAGES.linkedRole }],
        [{ linkedRoleId: w.guildId }, { field: 'linkedRoleId', message: DISCORD_MESSAGES.linkedRole }],
        [{}, { field: '', message: DISCORD_MESSAGES.nothingToChange }],
        [
          { reportsChannelId: null, token: 'x' },
          { field: 'token', message: 'Unknown field "token"' },
        ],
      ];
      for (const [body, detail] of cases) {
        const res = expectStatus(await w.crew.owner.agent.patch(base()).send(body as object), 400);
        expect([body, res.body.details]).toEqual([body, expect.arrayContaining([detail])]);
      }
      expect(await settingsOf(w.crew)).toMatchObject({ reportsChannelId, linkedRoleId: null });
    });
  });

  describe('GET /api/networks/{networkId}/discord/channels and /roles', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const channels = await agentOf(w.t, w.crew, actor).get(`${base()}/channels`);
      expectMatrix(actor, channels.status, statusesFor('discord.manage'), channels.body);
      const roles = await agentOf(w.t, w.crew, actor).get(`${base()}/roles`);
      expectMatrix(actor, roles.status, statusesFor('discord.manage'), roles.body);
    });

    it("lists the guild's text channels and the roles the bot may give", async () => {
      const channels = expectStatus(await w.crew.owner.agent.get(`${base()}/channels`), 200).body
        .data as DiscordChoice[];
      expect(channels.map((channel) => channel.name)).toEqual(['general', 'reports']);
      const roles = expectStatus(await w.crew.owner.agent.get(`${base()}/roles`), 200).body
        .data as DiscordChoice[];
      expect(roles).toContainEqual({ id: vipRoleId, name: 'VIP' });
      expect(roles.map((role) => role.name)).not.toContain('@everyone');
      expect(roles.some((role) => role.name === w.discord.botUser.username)).toBe(false);
    });
  });

  describe('POST /api/networks/{networkId}/discord/role-rules', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(w.t, w.crew, actor)
        .post(`${base()}/role-rules`)
        .send({ roleId: vipRoleId, group: `by-${actor}`, direction: 'to_game' });
      expectMatrix(actor, res.status, manage(201), res.body);
    });

    it('stores the rule with the default oxide.usergroup commands', async () => {
      const rule = await addRule('vip');
      expect(rule).toEqual({
        id: expect.any(String),
        roleId: vipRoleId,
        roleName: 'VIP',
        group: 'vip',
        direction: 'to_game',
        addCommand: 'oxide.usergroup add {steamId} {group}',
        removeCommand: 'oxide.usergroup remove {steamId} {group}',
      });
      expect((await settingsOf(w.crew)).roleRules).toContainEqual(rule);
    });

    it('refuses bad input with the field and the message, storing nothing', async () => {
      const before = await countRows(w.t, 'discord_role_rules');
      const rule = { roleId: vipRoleId, group: 'vip', direction: 'to_game' };
      const cases: [unknown, { field: string; message: string }][] = [
        [
          { ...rule, roleId: 'vip' },
          { field: 'roleId', message: DISCORD_MESSAGES.role },
        ],
        [
          { ...rule, roleId: '999999999999999999' },
          { field: 'roleId', message: DISCORD_MESSAGES.role },
        ],
        [
          { ...rule, group: '' },
          { field: 'group', message: DISCORD_MESSAGES.group },
        ],
        [
          { ...rule, group: 'vip; quit' },
          { field: 'group', message: DISCORD_MESSAGES.group },
        ],
        [
          { ...rule, group: 'x'.repeat(65) },
          { field: 'group', message: DISCORD_MESSAGES.group },
        ],
        [
          { ...rule, direction: 'sideways' },
          { field: 'direction', message: DISCORD_MESSAGES.direction },
        ],
        [
          { ...rule, addCommand: 'oxide.usergroup add {group}' },
          { field: 'addCommand', message: DISCORD_MESSAGES.template },
        ],
        [
          { ...rule, removeCommand: 'x'.repeat(201) },
          { field: 'removeCommand', message: DISCORD_MESSAGES.template },
        ],
        [
          { ...rule, addCommand: 'say {steamId}\nquit' },
          { field: 'addCommand', message: DISCORD_MESSAGES.template },
        ],
        [
          { ...rule, owner: 'me' },
          { field: 'owner', message: 'Unknown field "owner"' },
        ],
      ];
      for (const [body, detail] of cases) {
        const res = expectStatus(
          await w.crew.owner.agent.post(`${base()}/role-rules`).send(body as object),
          400,
        );
        expect([body, res.body.details]).toEqual([body, expect.arrayContaining([detail])]);
      }
      expect(await countRows(w.t, 'discord_role_rules')).toBe(before);
    });
  });

  describe('PATCH and DELETE /api/networks/{networkId}/discord/role-rules/{ruleId}', () => {
    it.each(ACTORS)('PATCH answers %s as the role matrix says', async (actor) => {
      const rule = await addRule(`patch-${actor}`);
      const res = await agentOf(w.t, w.crew, actor)
        .patch(`${base()}/role-rules/${rule.id}`)
        .send({ group: `patched-${actor}` });
      expectMatrix(actor, res.status, manage(), res.body);
    });

    it.each(ACTORS)('DELETE answers %s as the role matrix says', async (actor) => {
      const rule = await addRule(`delete-${actor}`);
      const res = await agentOf(w.t, w.crew, actor).delete(`${base()}/role-rules/${rule.id}`);
      expectMatrix(actor, res.status, manage(), res.body);
      const kept = (await settingsOf(w.crew)).roleRules.some((found) => found.id === rule.id);
      expect(kept).toBe(manage()[actor] !== 200);
    });

    it('changes a rule, refuses bad input, and answers 404 for a rule of another network', async () => {
      const rule = await addRule('change-me');
      const changed = expectStatus(
        await w.crew.owner.agent
          .patch(`${base()}/role-rules/${rule.id}`)
          .send({ direction: 'both', addCommand: 'c.grant user {steamId} {group}' }),
        200,
      ).body.data as DiscordRoleRule;
      expect(changed).toMatchObject({ direction: 'both', addCommand: 'c.grant user {steamId} {group}' });
      const empty = expectStatus(
        await w.crew.owner.agent.patch(`${base()}/role-rules/${rule.id}`).send({}),
        400,
      );
      expect(empty.body.details).toContainEqual({ field: '', message: 'Send at least one field to change' });
      const badGroup = expectStatus(
        await w.crew.owner.agent.patch(`${base()}/role-rules/${rule.id}`).send({ group: 'a b' }),
        400,
      );
      expect(badGroup.body.details).toContainEqual({ field: 'group', message: DISCORD_MESSAGES.group });
      expectStatus(
        await w.other.owner.agent
          .patch(`/api/networks/${w.other.network.id}/discord/role-rules/${rule.id}`)
          .send({ group: 'x' }),
        404,
      );
      expectStatus(
        await w.other.owner.agent.delete(`/api/networks/${w.other.network.id}/discord/role-rules/${rule.id}`),
        404,
      );
      expectStatus(await w.crew.owner.agent.delete(`${base()}/role-rules/${rule.id}`), 200);
      expectStatus(await w.crew.owner.agent.delete(`${base()}/role-rules/${rule.id}`), 404);
    });
  });

  describe('POST /api/networks/{networkId}/discord/sync', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(w.t, w.crew, actor).post(`${base()}/sync`);
      expectMatrix(actor, res.status, manage(), res.body);
    });
  });

  describe('GET /api/networks/{networkId}/discord/links', () => {
    it.each(ACTORS)('answers %s as the role matrix says (moderators read the links)', async (actor) => {
      const res = await agentOf(w.t, w.crew, actor).get(`${base()}/links`);
      expectMatrix(actor, res.status, statusesFor('discord.links'), res.body);
    });

    it('lists each link, and one player’s with ?steamId=', async () => {
      await storeLink(rex.steamId, '400000000000003701');
      const all = await linksOf(w.crew);
      expect(all).toContainEqual({
        steamId: rex.steamId,
        discordUserId: '400000000000003701',
        discordName: 'user3701',
        active: true,
        linkedAt: expect.any(String),
        playerName: 'Rex',
      });
      const one = expectStatus(
        await w.crew.moderator.agent.get(`${base()}/links`).query({ steamId: rex.steamId }),
        200,
      );
      expect(one.body.data).toEqual([expect.objectContaining({ steamId: rex.steamId })]);
      const bad = expectStatus(
        await w.crew.moderator.agent.get(`${base()}/links`).query({ steamId: 'rex' }),
        400,
      );
      expect(bad.body.details).toContainEqual({ field: 'steamId', message: DISCORD_MESSAGES.steamId });
    });
  });

  describe('DELETE /api/networks/{networkId}/discord/links/{steamId}', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const steamId = steamIdOf(3800 + ACTORS.indexOf(actor));
      await storeLink(steamId, `40000000000000${3800 + ACTORS.indexOf(actor)}`);
      const res = await agentOf(w.t, w.crew, actor).delete(`${base()}/links/${steamId}`);
      expectMatrix(actor, res.status, manage(), res.body);
      const kept = (await linksOf(w.crew)).some((link) => link.steamId === steamId);
      expect(kept).toBe(manage()[actor] !== 200);
    });

    it('answers 404 when the player has no link', async () => {
      const res = expectStatus(await w.crew.owner.agent.delete(`${base()}/links/${steamIdOf(3999)}`), 404);
      expect(res.body.error).toBe('This player has no Discord link');
    });
  });

  describe('DELETE /api/networks/{networkId}/discord', () => {
    it.each(ACTORS)(
      'answers %s as the role matrix says (and the guild is linked again after)',
      async (actor) => {
        const res = await agentOf(w.t, w.crew, actor).delete(base());
        expectMatrix(actor, res.status, manage(), res.body);
        const { guild } = await settingsOf(w.crew);
        expect(guild === null).toBe(manage()[actor] === 200);
        if (!guild) expectStatus(await installGuild(w, w.crew.owner, w.crew.network.id, w.guildId), 302);
      },
    );

    it('unlinks the guild, keeps the links, and answers 409 to what needs a guild', async () => {
      expectStatus(await w.crew.owner.agent.delete(base()), 200);
      const settings = await settingsOf(w.crew);
      expect(settings).toMatchObject({ guild: null, reportsChannelId: null, roleRules: [] });
      expect((await linksOf(w.crew)).length).toBeGreaterThan(0);
      for (const res of [
        await w.crew.owner.agent.get(`${base()}/channels`),
        await w.crew.owner.agent.get(`${base()}/roles`),
        await w.crew.owner.agent.post(`${base()}/sync`),
        await w.crew.owner.agent.patch(base()).send({ reportsChannelId }),
        await w.crew.owner.agent.delete(base()),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body.error).toBe(DISCORD_MESSAGES.notLinked);
      }
      expectStatus(await installGuild(w, w.crew.owner, w.crew.network.id, w.guildId), 302);
    });
  });
});
