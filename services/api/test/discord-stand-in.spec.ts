// The Discord stand-in (@outpost/discord-stand-in) driven as the panel will drive Discord:
// through @discordjs/rest pointed at it (api: <origin>/api, version 10). Its guild commands are
// overwritten in bulk, its members read in pages by user id, a 429 is honoured (the retry lands
// after retry_after), messages are created and edited, roles given and taken within the bot's
// reach, the bot install's page sending a browser back with a code for the server picked, that
// code exchanged once for its guild, an interaction answered through its callback (or in the HTTP
// answer to it), @original and a follow-up; and the signer's signature verifies with node:crypto
// against the raw public key, as the API will verify DISCORD_PUBLIC_KEY.
import { DiscordAPIError, REST } from '@discordjs/rest';
import { startDiscordStandIn, type DiscordStandIn } from '@outpost/discord-stand-in';
import {
  ApplicationCommandOptionType,
  ButtonStyle,
  ComponentType,
  InteractionResponseType,
  MessageFlags,
  Routes,
  type APIApplicationCommand,
  type APIGuildMember,
  type APIMessage,
  type RESTPostOAuth2AccessTokenWithBotAndGuildsScopeResult,
} from 'discord-api-types/v10';
import { createPublicKey, verify } from 'node:crypto';

describe('Discord stand-in', () => {
  let discord: DiscordStandIn;
  let rest: REST;
  let guildId: string;
  beforeAll(async () => {
    discord = await startDiscordStandIn();
    rest = new REST({ api: `${discord.origin}/api`, version: '10' }).setToken(discord.botToken);
    guildId = discord.addGuild({ name: 'Rust Legends' });
  });
  afterAll(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await discord.close();
  });

  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!(error instanceof DiscordAPIError))
      throw new Error(`expected a DiscordAPIError, got ${String(error)}`);
    return { status: error.status, code: error.code };
  };

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

  /** The panel's exchange of an install code at POST /oauth2/token (client id and secret in Basic). */
  const exchange = (body: Record<string, string>) =>
    fetch(`${discord.apiUrl}/oauth2/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`${discord.applicationId}:${discord.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams(body),
    });

  it("exchanges a bot install's code once for a token and the guild", async () => {
    const code = discord.issueInstallCode({
      guildId: '900000000000000001',
      guildName: 'Installed Guild',
      redirectUri: 'http://panel.test/api/discord/install/callback',
    });
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://panel.test/api/discord/install/callback',
    };
    const first = await exchange(form);
    expect(first.status).toBe(200);
    const token = (await first.json()) as RESTPostOAuth2AccessTokenWithBotAndGuildsScopeResult;
    expect(token).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
      scope: 'bot applications.commands',
      guild: { id: '900000000000000001', name: 'Installed Guild', roles: expect.any(Array) },
    });
    const again = await exchange(form);
    expect([again.status, await again.json()]).toEqual([
      400,
      expect.objectContaining({ error: 'invalid_grant' }),
    ]);
    expect(discord.botInGuild('900000000000000001')).toBe(true);
  });

  it('serves the bot install page: a server picked and Authorize send the browser back with a code for it, Cancel with access_denied', async () => {
    const callback = 'http://panel.test/api/discord/install/callback';
    const install = {
      client_id: discord.applicationId,
      scope: 'bot applications.commands',
      permissions: '268455936',
      response_type: 'code',
      redirect_uri: callback,
      state: 'the-panel-state',
    };
    const shown = await fetch(`${discord.authorizeUrl}?${new URLSearchParams(install)}`);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(`<option value="${guildId}">Rust Legends</option>`);
    expect(html).toContain('<button type="submit" name="authorize" value="true">Authorize</button>');

    const decide = (fields: Record<string, string>) =>
      fetch(discord.authorizeUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...install, ...fields }),
        redirect: 'manual',
      });
    const authorized = await decide({ guild_id: guildId, authorize: 'true' });
    expect(authorized.status).toBe(302);
    const back = new URL(authorized.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(callback);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      code: expect.any(String),
      guild_id: guildId,
      permissions: '268455936',
      state: 'the-panel-state',
    });
    // The code is the install's: the exchange with the same redirect_uri answers the picked guild.
    const token = await exchange({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: callback,
    });
    expect(((await token.json()) as RESTPostOAuth2AccessTokenWithBotAndGuildsScopeResult).guild.id).toBe(
      guildId,
    );

    const cancelled = new URL((await decide({ authorize: 'false' })).headers.get('location') ?? '');
    expect(Object.fromEntries(cancelled.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The resource owner or authorization server denied the request',
      state: 'the-panel-state',
    });
    const otherApp = await fetch(
      `${discord.authorizeUrl}?${new URLSearchParams({ ...install, client_id: '1' })}`,
    );
    expect([otherApp.status, await otherApp.text()]).toEqual([
      400,
      expect.stringContaining('Unknown application'),
    ]);
  });

  it('takes an interaction callback, then edits @original and posts a follow-up', async () => {
    const interaction = discord.interactions.command('status', {}, { guildId });
    const noAuth = { auth: false } as const;
    await rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
      ...noAuth,
      body: {
        type: InteractionResponseType.DeferredChannelMessageWithSource,
        data: { flags: MessageFlags.Ephemeral },
      },
    });
    expect(discord.responseTo(interaction).original?.flags).toBe(
      MessageFlags.Loading | MessageFlags.Ephemeral,
    );
    const original = (await rest.patch(Routes.webhookMessage(discord.applicationId, interaction.token), {
      ...noAuth,
      body: { content: 'EU Main: online, 12/100, Procedural Map' },
    })) as APIMessage;
    expect(original).toMatchObject({
      content: 'EU Main: online, 12/100, Procedural Map',
      flags: MessageFlags.Ephemeral,
    });
    const followUp = (await rest.post(Routes.webhook(discord.applicationId, interaction.token), {
      ...noAuth,
      body: { content: 'One more thing' },
    })) as APIMessage;
    expect(discord.responseTo(interaction)).toMatchObject({ original, followups: [followUp] });
    expect(
      await refusal(
        rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
          ...noAuth,
          body: { type: InteractionResponseType.ChannelMessageWithSource, data: { content: 'twice' } },
        }),
      ),
    ).toEqual({ status: 400, code: 40060 });
  });

  it("sends an interaction signed with Discord's headers, and keeps the panel's HTTP answer as its response", async () => {
    const sent: Record<string, string>[] = [];
    const report = (await rest.post(Routes.channelMessages(discord.channels(guildId)[0].id), {
      body: { content: 'F7 report #1' },
    })) as APIMessage;
    const interaction = discord.interactions.component('report:close:1', report, {
      user: { id: '400000000000000009', username: 'olivia' },
    });
    const answer = await discord.interact(interaction, async (body, headers) => {
      sent.push({ ...headers, body });
      return { status: 200, body: { type: InteractionResponseType.DeferredMessageUpdate } };
    });
    expect(answer.status).toBe(200);
    expect(sent).toEqual([
      {
        'Content-Type': 'application/json',
        'User-Agent': 'Discord-Interactions/1.0 (+https://discord.com)',
        'X-Signature-Ed25519': expect.stringMatching(/^[0-9a-f]{128}$/),
        'X-Signature-Timestamp': expect.stringMatching(/^\d+$/),
        body: JSON.stringify(interaction),
      },
    ]);
    expect(interaction).toMatchObject({
      type: 3,
      data: { custom_id: 'report:close:1', component_type: ComponentType.Button },
      member: { user: { id: '400000000000000009', username: 'olivia' }, roles: [] },
      guild_id: guildId,
    });
    // After a deferred update, @original is the message the button is on.
    const edited = (await rest.patch(Routes.webhookMessage(discord.applicationId, interaction.token), {
      auth: false,
      body: { content: 'Closed by olivia', components: [] },
    })) as APIMessage;
    expect(edited).toMatchObject({ id: interaction.message.id, content: 'Closed by olivia' });
  });

  it('signs as Discord does: Ed25519 over timestamp + body, verified with the raw public key', () => {
    const body = JSON.stringify(discord.interactions.ping());
    const headers = discord.signer.sign(body, 1_700_000_000);
    expect(headers['X-Signature-Timestamp']).toBe('1700000000');
    expect(discord.env.DISCORD_PUBLIC_KEY).toMatch(/^[0-9a-f]{64}$/);
    // The API's way: an Ed25519 SubjectPublicKeyInfo is this DER prefix, then the 32-byte key.
    const key = createPublicKey({
      key: Buffer.concat([
        Buffer.from('302a300506032b6570032100', 'hex'),
        Buffer.from(discord.signer.publicKeyHex, 'hex'),
      ]),
      format: 'der',
      type: 'spki',
    });
    const verifies = (message: string, signature = headers['X-Signature-Ed25519']) =>
      verify(null, Buffer.from(message), key, Buffer.from(signature, 'hex'));
    expect(verifies(`1700000000${body}`)).toBe(true);
    expect(verifies(`1700000001${body}`)).toBe(false);
    expect(verifies(`1700000000${body} `)).toBe(false);
    expect(
      verifies(
        `1700000000${body}`,
        discord.signer.sign(body.replace('1', '2'), 1_700_000_000)['X-Signature-Ed25519'],
      ),
    ).toBe(false);
  });
});
