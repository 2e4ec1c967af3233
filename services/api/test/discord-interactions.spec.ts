// Discord's interactions (issue 37) sent by the stand-in as Discord sends them: the signature and
// its age checked (401), PING answered PONG, /status and /players (and its autocomplete) for
// anyone in the guild, /player for a Discord user whose Discord identity is a panel account with
// the permission in this network (anyone else: the ephemeral "link your panel account"), and
// /kick /ban carried out as that panel user: a deferred answer, the game server's outcome as a
// follow-up, the punishment audited as them.
import { InteractionResponseType, MessageFlags, type APIInteraction } from 'discord-api-types/v10';
import { NOT_STAFF } from '../src/modules/discord/discord-interactions';
import {
  auditOf,
  bob,
  carryOut,
  interact,
  linkPanelAccount,
  rex,
  useDiscordWorld,
} from './support/discord-world';
import { until } from './support/until';

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('Discord interactions', () => {
  const w = useDiscordWorld();
  const staff = { moderator: '', member: '', demo: '', outsider: '' };

  beforeAll(async () => {
    // Discord users in the guild whose Discord identity is a panel account of the crew.
    for (const who of ['moderator', 'member', 'demo', 'outsider'] as const) {
      const member = w.discord.addMember(w.guildId, { username: `${who}.discord`, globalName: who });
      staff[who] = member.user.id;
      await linkPanelAccount(w.t, w.crew[who].user.id, member.user.id);
    }
  });

  const post = (body: string, headers: Record<string, string>) =>
    w.t.http.post('/api/discord/interactions').set(headers).send(body);
  const answerTo = async (interaction: APIInteraction) => {
    const res = await interact(w, interaction);
    expect(res.status).toBe(200);
    return res.body as { type: number; data?: { content?: string; flags?: number; choices?: unknown[] } };
  };

  describe('POST /api/discord/interactions: the signature', () => {
    const ping = JSON.stringify({ type: 1, id: '1', application_id: '1', token: 'x', version: 1 });

    it('refuses a missing signature with 401', async () => {
      const res = await post(ping, { 'Content-Type': 'application/json' });
      expect(res.status).toBe(401);
      const timestampOnly = await post(ping, {
        'Content-Type': 'application/json',
        'X-Signature-Timestamp': String(nowSeconds()),
      });
      expect(timestampOnly.status).toBe(401);
    });

    it('refuses a signature over another body, or by another key, with 401', async () => {
      const headers = w.discord.signer.sign(ping.replace('"x"', '"y"'));
      expect((await post(ping, { 'Content-Type': 'application/json', ...headers })).status).toBe(401);
      const garbage = {
        'X-Signature-Ed25519': 'ab'.repeat(64),
        'X-Signature-Timestamp': String(nowSeconds()),
      };
      expect((await post(ping, { 'Content-Type': 'application/json', ...garbage })).status).toBe(401);
    });

    it('refuses a timestamp older than 5 minutes with 401, even signed', async () => {
      const old = w.discord.signer.sign(ping, nowSeconds() - 301);
      expect((await post(ping, { 'Content-Type': 'application/json', ...old })).status).toBe(401);
      const recent = w.discord.signer.sign(ping, nowSeconds() - 200);
      expect((await post(ping, { 'Content-Type': 'application/json', ...recent })).status).toBe(200);
    });

    it('answers PING with PONG', async () => {
      expect(await answerTo(w.discord.interactions.ping())).toEqual({ type: InteractionResponseType.Pong });
    });
  });

  describe('/status and /players', () => {
    it("/status answers each server's name and players n/max", async () => {
      const interaction = w.discord.interactions.command('status');
      const answer = await answerTo(interaction);
      expect(answer.type).toBe(InteractionResponseType.ChannelMessageWithSource);
      expect(answer.data?.content).toContain('**EU Main** · 2/100 players · Procedural Map');
      expect(answer.data?.content).toContain(`**${w.crew.network.name}**`);
      expect(w.discord.responseTo(interaction).original?.content).toBe(answer.data?.content);
    });

    it('/players server: names who is on it', async () => {
      const answer = await answerTo(w.discord.interactions.command('players', { server: 'EU Main' }));
      expect(answer.data?.content).toBe(`**EU Main** · 2 online\n${bob.name}, ${rex.name}`);
      const unknown = await answerTo(w.discord.interactions.command('players', { server: 'Nowhere' }));
      expect(unknown.data?.content).toBe('No server of this network has that name.');
    });

    it("autocompletes /players server: with the network's servers", async () => {
      const answer = await answerTo(
        w.discord.interactions.autocomplete('players', { name: 'server', value: 'eu' }),
      );
      expect(answer).toEqual({
        type: InteractionResponseType.ApplicationCommandAutocompleteResult,
        data: { choices: [{ name: 'EU Main', value: 'EU Main' }] },
      });
      const none = await answerTo(
        w.discord.interactions.autocomplete('players', { name: 'server', value: 'us' }),
      );
      expect(none.data?.choices).toEqual([]);
    });
  });

  describe('/player (staff)', () => {
    it('answers a linked moderator, ephemeral, with the profile and its link in the panel', async () => {
      const answer = await answerTo(
        w.discord.interactions.command('player', { query: rex.steamId }, { user: staff.moderator }),
      );
      expect(answer.data?.flags).toBe(MessageFlags.Ephemeral);
      const content = answer.data?.content ?? '';
      expect(content).toContain(`**${rex.name}** (${rex.steamId})`);
      expect(content).toContain('Online');
      expect(content).toContain('Not banned · 0 open reports');
      expect(content).toContain(
        `${w.t.config.publicUrl}/networks/${w.crew.network.id}/profile/${rex.steamId}`,
      );
      const byName = await answerTo(
        w.discord.interactions.command('player', { query: 'bo' }, { user: staff.moderator }),
      );
      expect(byName.data?.content).toContain(`**${bob.name}** (${bob.steamId})`);
    });

    it.each(['member', 'demo', 'outsider', 'unknown'] as const)(
      'refuses %s with the ephemeral "link your panel account"',
      async (who) => {
        const user = who === 'unknown' ? undefined : staff[who];
        const interaction = w.discord.interactions.command('player', { query: rex.steamId }, { user });
        const answer = await answerTo(interaction);
        expect(answer).toEqual({
          type: InteractionResponseType.ChannelMessageWithSource,
          data: { content: NOT_STAFF, flags: MessageFlags.Ephemeral, allowed_mentions: { parse: [] } },
        });
        expect(w.discord.responseTo(interaction).original?.flags).toBe(MessageFlags.Ephemeral);
      },
    );
  });

  describe('/kick /warn /ban (staff)', () => {
    it('defers, carries the kick out as the panel user, follows up with the outcome, audits it as them', async () => {
      const interaction = w.discord.interactions.command(
        'kick',
        { player: rex.steamId, reason: 'x' },
        { user: staff.moderator },
      );
      expect(await answerTo(interaction)).toEqual({
        type: InteractionResponseType.DeferredChannelMessageWithSource,
        data: { flags: MessageFlags.Ephemeral },
      });
      const commands = await until(async () => {
        const taken = await carryOut(w.t, w.server);
        return taken.length ? taken : null;
      }, 'the kick to reach the plugin');
      expect(commands).toEqual([expect.objectContaining({ type: 'kick', steamId: rex.steamId })]);
      const followUp = await until(
        async () => w.discord.responseTo(interaction).followups[0],
        'the follow-up with the outcome',
      );
      expect(followUp.content).toBe(`Kicked **${rex.name}** on EU Main: the game confirmed it.`);
      expect(followUp.flags).toBe(MessageFlags.Ephemeral);
      expect(await auditOf(w.crew, 'player.kicked')).toEqual([
        expect.objectContaining({ actorId: w.crew.moderator.user.id, actorName: w.crew.moderator.user.name }),
      ]);
    });

    it('follows up with the refusal when the game refuses, or the player is not there', async () => {
      const refused = w.discord.interactions.command(
        'warn',
        { player: bob.steamId, reason: 'language' },
        { user: staff.moderator },
      );
      await answerTo(refused);
      await until(
        async () => (await carryOut(w.t, w.server, { ok: false, output: 'no such player' })).length,
        'the warn to reach the plugin',
      );
      const followUp = await until(async () => w.discord.responseTo(refused).followups[0], 'the follow-up');
      expect(followUp.content).toBe(
        `Warned **${bob.name}** on EU Main, but the game refused it: no such player.`,
      );

      const nobody = w.discord.interactions.command(
        'kick',
        { player: '76561198000009999', reason: 'x' },
        { user: staff.moderator },
      );
      // Discord takes a moment to take the deferred answer: a follow-up sent before is still seen.
      const slow = await w.discord.interact(nobody, async (body, headers) => {
        const res = await post(body, headers);
        await new Promise((resolve) => setTimeout(resolve, 400));
        return res;
      });
      expect(slow.body).toMatchObject({ type: InteractionResponseType.DeferredChannelMessageWithSource });
      const said = await until(async () => w.discord.responseTo(nobody).followups[0], 'the follow-up');
      expect(said.content).toBe('No player of this network matches.');
    });

    it('bans with a duration and scope, the ban audited as the panel user', async () => {
      const interaction = w.discord.interactions.command(
        'ban',
        { player: bob.steamId, reason: 'cheating', duration: '7d', scope: 'network' },
        { user: staff.moderator },
      );
      await answerTo(interaction);
      await until(async () => (await carryOut(w.t, w.server)).length, 'the ban to reach the plugin');
      const followUp = await until(
        async () => w.discord.responseTo(interaction).followups[0],
        'the follow-up',
      );
      expect(followUp.content).toBe(
        `Banned **${bob.name}** on every server of the network: the game confirmed it.`,
      );
      expect(await auditOf(w.crew, 'player.banned')).toEqual([
        expect.objectContaining({ actorId: w.crew.moderator.user.id }),
      ]);
      const profile = await answerTo(
        w.discord.interactions.command('player', { query: bob.steamId }, { user: staff.moderator }),
      );
      expect(profile.data?.content).toContain('Punishments: 1 ban, 1 warn');
      const badDuration = w.discord.interactions.command(
        'ban',
        { player: rex.steamId, reason: 'x', duration: 'soon', scope: 'network' },
        { user: staff.moderator },
      );
      await answerTo(badDuration);
      const said = await until(async () => w.discord.responseTo(badDuration).followups[0], 'the follow-up');
      expect(said.content).toBe('Duration must be like 30m, 12h, 7d, 2w, or permanent.');
    });

    it.each(['member', 'demo', 'unknown'] as const)(
      'refuses %s, ephemeral, and nothing is queued',
      async (who) => {
        const user = who === 'unknown' ? undefined : staff[who];
        const answer = await answerTo(
          w.discord.interactions.command('kick', { player: rex.steamId, reason: 'x' }, { user }),
        );
        expect(answer.data).toMatchObject({ content: NOT_STAFF, flags: MessageFlags.Ephemeral });
        expect(await carryOut(w.t, w.server, undefined, 0)).toEqual([]);
      },
    );
  });
});
