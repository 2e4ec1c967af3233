// Steam ↔ Discord links (issue 37) against the Discord stand-in: /link answers an ephemeral
// one-time code; a player typing `!link CODE` in game chat (the plugin's chat event) is linked
// (the links list shows it), told in game (a `say` queued for that server) and on Discord (the
// /link answer edited); a used code fails; 5 wrong codes and the 6th is refused even if right;
// /unlink and staff's DELETE remove the link (audited).
import type { DiscordLink } from '@outpost/contracts';
import { MessageFlags, type APIInteraction } from 'discord-api-types/v10';
import { expectStatus } from './support/crew';
import {
  auditOf,
  bob,
  carryOut,
  interact,
  linksOf,
  rex,
  say,
  useDiscordWorld,
  type PluginCommand,
} from './support/discord-world';
import { until } from './support/until';

describe('Discord links', () => {
  const w = useDiscordWorld();
  const linksPath = () => `/api/networks/${w.crew.network.id}/discord/links`;
  const rexDiscord = { id: '400000000000003801', username: 'rex.rust', globalName: 'Rexy' };
  const bobDiscord = { id: '400000000000003802', username: 'bob.builds', globalName: 'Bobby' };

  beforeAll(() => {
    for (const user of [rexDiscord, bobDiscord]) w.discord.addMember(w.guildId, user);
  });

  /** /link from `user`: answers the interaction and the code in its ephemeral answer. */
  const linkCommand = async (user: string): Promise<{ interaction: APIInteraction; code: string }> => {
    const interaction = w.discord.interactions.command('link', {}, { user });
    const res = await interact(w, interaction);
    expect(res.status).toBe(200);
    const data = (res.body as { data: { content: string; flags: number } }).data;
    expect(data.flags).toBe(MessageFlags.Ephemeral);
    const code = /`!link ([A-Z0-9]+)`/.exec(data.content)?.[1];
    if (!code) throw new Error(`no code in ${data.content}`);
    return { interaction, code };
  };
  /** The `say` commands the server was sent (taken off its queue as the plugin does). */
  const saidInGame = async (): Promise<string[]> =>
    (await carryOut(w.t, w.server, undefined, 0))
      .map((command: PluginCommand) => command.command ?? '')
      .filter((command) => command.startsWith('say '));
  const linkOf = async (steamId: string): Promise<DiscordLink | undefined> =>
    (await linksOf(w.crew)).find((link) => link.steamId === steamId);
  it('/link then `!link CODE` in game links the player, tells them in game and edits the /link answer', async () => {
    const { interaction, code } = await linkCommand(rexDiscord.id);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(w.discord.responseTo(interaction).original?.content).toContain(
      `Type \`!link ${code}\` in the game chat on any server of ${w.crew.network.name} within 10 minutes.`,
    );
    await say(w.t, w.server, rex, `!link ${code.toLowerCase()}`);
    const link = await until(() => linkOf(rex.steamId), 'the link');
    expect(link).toEqual({
      steamId: rex.steamId,
      discordUserId: rexDiscord.id,
      discordName: 'Rexy',
      active: true,
      linkedAt: expect.any(String),
      playerName: rex.name,
    });
    expect(Date.now() - Date.parse(link.linkedAt)).toBeLessThan(60_000);
    const said = await until(async () => (await saidInGame()).join('\n'), 'the answer in game');
    expect(said).toBe(`say ${rex.name}, your Discord is now linked on ${w.crew.network.name}.`);
    const edited = await until(
      async () =>
        w.discord.responseTo(interaction).original?.content.startsWith('Linked')
          ? w.discord.responseTo(interaction).original
          : null,
      'the /link answer edited',
    );
    expect(edited.content).toBe(`Linked: your Discord is now linked to **${rex.name}** (${rex.steamId}).`);
    expect(await auditOf(w.crew, 'player.discordLinked')).toEqual([
      expect.objectContaining({
        actorName: 'Rexy',
        details: expect.objectContaining({ steamId: rex.steamId, discordUserId: rexDiscord.id }),
      }),
    ]);
    // Moderators read the links too.
    expect(expectStatus(await w.crew.moderator.agent.get(linksPath()), 200).body.data).toHaveLength(1);
  });

  it('a used code fails, and says so in game', async () => {
    const { code } = await linkCommand(bobDiscord.id);
    await say(w.t, w.server, bob, `!link ${code}`);
    await until(() => linkOf(bob.steamId), 'the link');
    await until(async () => (await saidInGame()).length, 'the answer in game');
    await say(w.t, w.server, rex, `!link ${code}`);
    const said = await until(async () => (await saidInGame()).join('\n'), 'the answer in game');
    expect(said).toBe(`say ${rex.name}, that link code is not known: type /link on Discord for a new one.`);
    expect((await linkOf(rex.steamId))?.discordUserId).toBe(rexDiscord.id);
    expect((await linkOf(bob.steamId))?.discordUserId).toBe(bobDiscord.id);
  });

  it('after 5 wrong codes, the 6th is refused even if right', async () => {
    const carl = { steamId: '76561198000003803', name: 'Carl' };
    const carlDiscord = w.discord.addMember(w.guildId, { username: 'carl', globalName: 'Carl' }).user.id;
    const { code } = await linkCommand(carlDiscord);
    for (const wrong of ['AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC', 'DDDDDDDD', 'EEEEEEEE'])
      await say(w.t, w.server, carl, `!link ${wrong}`);
    await until(async () => (await saidInGame()).length, 'the answers in game');
    await say(w.t, w.server, carl, `!link ${code}`);
    const said = await until(
      async () => (await saidInGame()).find((line) => line.includes('too many')),
      'the refusal in game',
    );
    expect(said).toBe(`say ${carl.name}, too many wrong link codes: try again in 10 minutes.`);
    expect(await linkOf(carl.steamId)).toBeUndefined();
  });

  it('/unlink removes the player’s own link (audited), and says when there was none', async () => {
    const unlink = w.discord.interactions.command('unlink', {}, { user: bobDiscord.id });
    const res = await interact(w, unlink);
    expect((res.body as { data: { content: string; flags: number } }).data).toMatchObject({
      content: 'Your Discord is no longer linked to your Steam account here.',
      flags: MessageFlags.Ephemeral,
    });
    expect(await linkOf(bob.steamId)).toBeUndefined();
    const again = await interact(w, w.discord.interactions.command('unlink', {}, { user: bobDiscord.id }));
    expect((again.body as { data: { content: string } }).data.content).toBe('You had no link here.');
    expect(await auditOf(w.crew, 'player.discordUnlinked')).toEqual([
      expect.objectContaining({
        actorName: 'Bobby',
        details: expect.objectContaining({ steamId: bob.steamId }),
      }),
    ]);
  });

  it("staff's DELETE removes a player's link, audited as them", async () => {
    expectStatus(await w.crew.admin.agent.delete(`${linksPath()}/${rex.steamId}`), 200);
    expect(await linkOf(rex.steamId)).toBeUndefined();
    expect((await auditOf(w.crew, 'player.discordUnlinked'))[0]).toMatchObject({
      actorId: w.crew.admin.user.id,
      details: { steamId: rex.steamId, discordUserId: rexDiscord.id, discordName: 'Rexy' },
    });
    expectStatus(await w.crew.admin.agent.delete(`${linksPath()}/${rex.steamId}`), 404);
  });
});
