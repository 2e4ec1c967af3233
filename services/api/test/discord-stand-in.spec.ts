// The Discord stand-in (@outpost/discord-stand-in) driven as the panel will drive Discord:
// through @discordjs/rest pointed at it (api: <origin>/api, version 10). Its guild commands are
// overwritten in bulk, its members read in pages by user id, a 429 is honoured (the retry lands
// after retry_after), messages are created and edited, and roles given and taken within the bot's
// reach. The bot install and interactions are in discord-stand-in-interactions.spec.ts.
import { REST } from '@discordjs/rest';
import type { DiscordStandIn } from '@outpost/discord-stand-in';
import {
  ApplicationCommandOptionType,
  ButtonStyle,
  ComponentType,
  Routes,
  type APIApplicationCommand,
  type APIGuildMember,
  type APIMessage,
} from 'discord-api-types/v10';
import { refusal, useDiscordRest } from './support/discord-rest';
describe('Discord stand-in', () => {
  let [discord, rest, guildId] = [] as unknown as [DiscordStandIn, REST, string];
  useDiscordRest((opened) => ({ discord, rest, guildId } = opened));

  it("overwrites the guild's commands in bulk, keeping a command's id by its name", async () => {
    const route = Routes.applicationGuildCommands(discord.applicationId, guildId);
    const first = (await rest.put(route, {
      body: [
        { name: 'status', description: 'Each server: online or not, players, map' },
        {
          name: 'players',
          description: 'Who is on a server',
          options: [
            {
              type: ApplicationCommandOptionType.String,
              name: 'server',
              description: 'Server',
              autocomplete: true,
            },
          ],
        },
      ],
    })) as APIApplicationCommand[];
    expect(first).toEqual([
      expect.objectContaining({
        name: 'status',
        application_id: discord.applicationId,
        guild_id: guildId,
        type: 1,
      }),
      expect.objectContaining({ name: 'players', options: [expect.objectContaining({ name: 'server' })] }),
    ]);
    const second = (await rest.put(route, {
      body: [{ name: 'status', description: 'Each server' }],
    })) as APIApplicationCommand[];
    expect(second).toEqual([expect.objectContaining({ id: first[0].id, description: 'Each server' })]);
    expect(discord.commands(guildId).map((c) => c.name)).toEqual(['status']);
    expect(
      discord.requestsTo('PUT /applications/:applicationId/guilds/:guildId/commands').at(-1),
    ).toMatchObject({
      headers: { authorization: `Bot ${discord.botToken}` },
      body: [{ name: 'status', description: 'Each server' }],
    });

    expect(await refusal(rest.put(route, { body: [{ name: 'Status!', description: 'x' }] }))).toEqual({
      status: 400,
      code: 50035,
    });
    const stranger = new REST({ api: `${discord.origin}/api`, version: '10', retries: 0 }).setToken(
      'not-the-bot',
    );
    expect(await refusal(stranger.get(route))).toEqual({ status: 401, code: 0 });
    stranger.clearHashSweeper();
    stranger.clearHandlerSweeper();
  });

  it('lists guild members in pages by user id (limit, after), the bot among them', async () => {
    const added = Array.from({ length: 5 }, (_, i) => discord.addMember(guildId, { username: `member${i}` }));
    const seen: APIGuildMember[] = [];
    const pages: number[] = [];
    let after = '0';
    for (;;) {
      const page = (await rest.get(Routes.guildMembers(guildId), {
        query: new URLSearchParams({ limit: '2', after }),
      })) as APIGuildMember[];
      seen.push(...page);
      pages.push(page.length);
      if (page.length < 2) break;
      after = page.at(-1)!.user.id;
    }
    // The bot and 5 members, 2 a page.
    expect(pages).toEqual([2, 2, 2, 0]);
    const ids = seen.map((m) => m.user.id);
    expect(ids).toEqual([...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
    expect(new Set(ids)).toEqual(new Set([discord.botUser.id, ...added.map((m) => m.user.id)]));
  });

  it('answers 429 with retry_after on demand, and @discordjs/rest retries after it', async () => {
    const channelId = discord.channels(guildId)[0].id;
    discord.rateLimitNext('POST /channels/:channelId/messages', 1);
    const started = Date.now();
    const message = (await rest.post(Routes.channelMessages(channelId), {
      body: { content: 'after the wait' },
    })) as APIMessage;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    const calls = discord.requestsTo(`POST /channels/${channelId}/messages`);
    expect(calls).toHaveLength(2);
    expect(discord.messages(channelId).filter((m) => m.content === 'after the wait')).toEqual([message]);
  });

  it('says a 429 as Discord does: its body and headers', async () => {
    discord.rateLimitNext('GET /guilds/:guildId/roles', 2.5);
    const res = await fetch(`${discord.apiUrl}/guilds/${guildId}/roles`, {
      headers: { Authorization: `Bot ${discord.botToken}` },
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 2.5,
      global: false,
    });
    expect(res.headers.get('retry-after')).toBe('3');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(res.headers.get('x-ratelimit-reset-after')).toBe('2.500');
    expect(res.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers.get('x-ratelimit-scope')).toBe('user');
  });

  it('creates a message with its embed and buttons, and edits it', async () => {
    const channel = discord.addChannel(guildId, 'reports');
    const created = (await rest.post(Routes.channelMessages(channel.id), {
      body: {
        embeds: [{ title: 'F7 report: cheating', description: 'Rex reported Bob' }],
        components: [
          {
            type: ComponentType.ActionRow,
            components: [
              {
                type: ComponentType.Button,
                style: ButtonStyle.Primary,
                custom_id: 'report:seen:1',
                label: 'Mark seen',
              },
            ],
          },
        ],
      },
    })) as APIMessage;
    expect(created).toMatchObject({
      id: expect.stringMatching(/^\d{17,20}$/),
      channel_id: channel.id,
      author: { id: discord.botUser.id, bot: true },
      content: '',
      edited_timestamp: null,
      embeds: [{ title: 'F7 report: cheating' }],
    });
    const edited = (await rest.patch(Routes.channelMessage(channel.id, created.id), {
      body: { content: 'Closed by Olivia', components: [] },
    })) as APIMessage;
    expect(edited).toMatchObject({
      id: created.id,
      content: 'Closed by Olivia',
      components: [],
      embeds: created.embeds,
    });
    expect(edited.edited_timestamp).not.toBeNull();
    expect(discord.messages(channel.id)).toEqual([edited]);
    expect(await refusal(rest.post(Routes.channelMessages(channel.id), { body: {} }))).toEqual({
      status: 400,
      code: 50006,
    });
    expect(
      await refusal(rest.patch(Routes.channelMessage(channel.id, '1'), { body: { content: 'x' } })),
    ).toEqual({
      status: 404,
      code: 10008,
    });
  });

  it("gives and takes a member's role below the bot's own, and refuses one above it", async () => {
    const vip = discord.addRole(guildId, { name: 'VIP' });
    const admin = discord.addRole(guildId, { name: 'Admins', position: 60 });
    const member = discord.addMember(guildId, { username: 'linked.player' });
    const roleRoute = (roleId: string) => Routes.guildMemberRole(guildId, member.user.id, roleId);
    await rest.put(roleRoute(vip.id), { reason: 'Role rule: VIP' });
    expect(discord.member(guildId, member.user.id)?.roles).toEqual([vip.id]);
    expect(
      discord.requestsTo('PUT /guilds/:guildId/members/:userId/roles/:roleId').at(-1)?.headers[
        'x-audit-log-reason'
      ],
    ).toBe('Role%20rule%3A%20VIP');
    await rest.delete(roleRoute(vip.id));
    expect(discord.member(guildId, member.user.id)?.roles).toEqual([]);
    expect(await refusal(rest.put(roleRoute(admin.id)))).toEqual({ status: 403, code: 50013 });
    expect(await refusal(rest.put(Routes.guildMemberRole(guildId, '1', vip.id)))).toEqual({
      status: 404,
      code: 10007,
    });
  });
});
