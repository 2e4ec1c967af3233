// The Discord stand-in's bot install and interactions, driven as the panel will drive Discord: the
// install's page sending a browser back with a code for the server picked, that code exchanged once
// for its guild, an interaction answered through its callback (or in the HTTP answer to it),
// @original and a follow-up; and the signer's signature verifies with node:crypto against the raw
// public key, as the API will verify DISCORD_PUBLIC_KEY. (Its REST API: discord-stand-in.spec.ts.)
import type { REST } from '@discordjs/rest';
import type { DiscordStandIn } from '@outpost/discord-stand-in';
import {
  ComponentType,
  InteractionResponseType,
  MessageFlags,
  Routes,
  type APIMessage,
  type RESTPostOAuth2AccessTokenWithBotAndGuildsScopeResult,
} from 'discord-api-types/v10';
import { createPublicKey, verify } from 'node:crypto';
import { refusal, useDiscordRest } from './support/discord-rest';
describe('Discord stand-in: the bot install and interactions', () => {
  let [discord, rest, guildId] = [] as unknown as [DiscordStandIn, REST, string];
  useDiscordRest((opened) => ({ discord, rest, guildId } = opened));

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
