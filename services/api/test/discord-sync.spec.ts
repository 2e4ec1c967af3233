// Role rules kept in step (issue 37) against the Discord stand-in: a linked member with a rule's
// role is added to its in-game group on each of the network's servers (the rule's console
// command, queued, with each outcome in the Sync now report), removed when the role goes, the
// rule goes or they leave the guild (the link then marked inactive); a sync is idempotent, two at
// once do the work once; the Linked role is given to linked members (a 429 from Discord waited
// out) and taken on unlink.
import type { DiscordRoleRule, DiscordSyncChange, DiscordSyncReport } from '@outpost/contracts';
import { expectStatus } from './support/crew';
import {
  carryOut,
  interact,
  linksOf,
  rex,
  bob,
  say,
  settingsOf,
  useDiscordWorld,
  type GameServerHandle,
  type PluginCommand,
} from './support/discord-world';
import { addServer, heartbeat, steamIdOf, type FakePlayer } from './support/plugin';
import { until } from './support/until';

const ROLE_ROUTE = 'PUT /guilds/:guildId/members/:userId/roles/:roleId';

describe('Discord role sync', () => {
  const w = useDiscordWorld();
  const base = () => `/api/networks/${w.crew.network.id}/discord`;
  let second: GameServerHandle;
  let vip: string;
  let linked: string;
  let rule: DiscordRoleRule;
  const rexDiscord = { id: '400000000000003901', username: 'rex.rust', globalName: 'Rexy' };
  const bobDiscord = { id: '400000000000003902', username: 'bob.builds', globalName: 'Bobby' };

  /** Every server's queued commands, carried out as the plugins do. */
  const carryOutAll = async (result?: { ok: boolean; output: string }) => {
    const taken: (PluginCommand & { server: string })[] = [];
    for (const server of [w.server, second])
      for (const command of await carryOut(w.t, server, result, 0))
        taken.push({ ...command, server: server.id });
    return taken;
  };
  /** Sync now, the plugins carrying out what it queues meanwhile; answers the report and the commands. */
  const syncNow = async (result?: { ok: boolean; output: string }) => {
    const taken: (PluginCommand & { server: string })[] = [];
    let done = false;
    const syncing = w.crew.owner.agent.post(`${base()}/sync`).then((res) => {
      done = true;
      return res;
    });
    while (!done) {
      taken.push(...(await carryOutAll(result)));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const report = expectStatus(await syncing, 200).body.data as DiscordSyncReport;
    return { report, commands: taken.map((command) => command.command) };
  };
  /** Waits for the sync a link or unlink runs by itself to be done. */
  const syncAfter = async (cause: 'link' | 'unlink', since: number) =>
    until(async () => {
      const last = (await settingsOf(w.crew)).lastSync;
      return last?.cause === cause && Date.parse(last.at) >= since ? last : null;
    }, `the sync after ${cause}`);
  /** Links `player` to the Discord user through /link and `!link CODE`, and waits for its sync. */
  const link = async (player: FakePlayer, discordUserId: string) => {
    const since = Date.now() - 1000;
    const res = await interact(w, w.discord.interactions.command('link', {}, { user: discordUserId }));
    const code = /`!link ([A-Z0-9]+)`/.exec((res.body as { data: { content: string } }).data.content)![1];
    await say(w.t, w.server, player, `!link ${code}`);
    await until(
      async () => (await linksOf(w.crew)).some((found) => found.steamId === player.steamId),
      'the link',
    );
    await syncAfter('link', since);
    // The player's "your Discord is now linked" in game.
    await carryOutAll();
  };
  const addVipRule = async () =>
    expectStatus(
      await w.crew.owner.agent
        .post(`${base()}/role-rules`)
        .send({ roleId: vip, group: 'vip', direction: 'to_game' }),
      201,
    ).body.data as DiscordRoleRule;
  /** The same command once for each of the network's two servers. */
  const onEachServer = (command: string) => [command, command];
  const groupChange = (kind: 'group_added' | 'group_removed', player: FakePlayer, server: GameServerHandle) =>
    expect.objectContaining({
      kind,
      steamId: player.steamId,
      group: 'vip',
      serverId: server.id,
      serverName: server.name,
      commandId: expect.any(String),
      status: 'succeeded',
    } satisfies Partial<DiscordSyncChange>);

  beforeAll(async () => {
    const added = await addServer(w.crew.owner, w.crew.network.id, 'EU Second');
    await heartbeat(w.t, added.token, []);
    second = { ...added, name: 'EU Second' };
    vip = w.discord.addRole(w.guildId, { name: 'VIP' }).id;
    linked = w.discord.addRole(w.guildId, { name: 'Linked' }).id;
    for (const user of [rexDiscord, bobDiscord]) w.discord.addMember(w.guildId, user);
    rule = await addVipRule();
    await link(rex, rexDiscord.id);
  }, 60_000);

  it('Sync now adds a linked member with the role to the group on each server, with each outcome', async () => {
    w.discord.setRoles(w.guildId, rexDiscord.id, [vip]);
    const { report, commands } = await syncNow();
    expect(commands.sort()).toEqual(onEachServer(`oxide.usergroup add ${rex.steamId} vip`));
    expect(report).toMatchObject({ cause: 'manual', errors: [] });
    expect(report.membersRead).toBeGreaterThanOrEqual(3);
    expect(report.changes).toEqual(
      expect.arrayContaining([
        groupChange('group_added', rex, w.server),
        groupChange('group_added', rex, second),
      ]),
    );
    expect(report.changes).toHaveLength(2);
    expect(report.changes[0]).toMatchObject({ discordUserId: rexDiscord.id, discordName: 'Rexy' });
    expect((await settingsOf(w.crew)).lastSync).toEqual(report);
  });

  it('is idempotent: a second sync changes nothing and queues nothing', async () => {
    const { report, commands } = await syncNow();
    expect(report.changes).toEqual([]);
    expect(commands).toEqual([]);
  });

  it('removes the group on each server when the member loses the role', async () => {
    w.discord.setRoles(w.guildId, rexDiscord.id, []);
    const { report, commands } = await syncNow();
    expect(commands).toEqual(onEachServer(`oxide.usergroup remove ${rex.steamId} vip`));
    expect(report.changes).toEqual(
      expect.arrayContaining([
        groupChange('group_removed', rex, w.server),
        groupChange('group_removed', rex, second),
      ]),
    );
    expect((await syncNow()).report.changes).toEqual([]);
  });

  it('two syncs at once add the group once', async () => {
    w.discord.setRoles(w.guildId, rexDiscord.id, [vip]);
    const [one, two] = await Promise.all([syncNow(), syncNow()]);
    for (const res of [one, two]) expect(res.report.errors).toEqual([]);
    expect([...one.commands, ...two.commands]).toEqual(
      onEachServer(`oxide.usergroup add ${rex.steamId} vip`),
    );
    expect([...one.report.changes, ...two.report.changes]).toHaveLength(2);
  });

  it("a rule removed takes its group away at once, with the rule's own command", async () => {
    expectStatus(
      await w.crew.owner.agent
        .patch(`${base()}/role-rules/${rule.id}`)
        .send({ removeCommand: 'c.usergroup remove {steamId} {group}' }),
      200,
    );
    expectStatus(await w.crew.owner.agent.delete(`${base()}/role-rules/${rule.id}`), 200);
    const taken = await carryOutAll();
    expect(taken.map((command) => [command.server, command.command]).sort()).toEqual(
      [
        [w.server.id, `c.usergroup remove ${rex.steamId} vip`],
        [second.id, `c.usergroup remove ${rex.steamId} vip`],
      ].sort(),
    );
    expect((await syncNow()).report.changes).toEqual([]);
    rule = await addVipRule();
    expect((await syncNow()).commands).toEqual(onEachServer(`oxide.usergroup add ${rex.steamId} vip`));
  });

  it('gives linked members the Linked role, waiting out a 429, and takes it away on unlink', async () => {
    expectStatus(await w.crew.owner.agent.patch(base()).send({ linkedRoleId: linked }), 200);
    w.discord.clearRequests();
    w.discord.rateLimitNext(ROLE_ROUTE, 1);
    const { report } = await syncNow();
    expect(report.changes).toEqual([
      expect.objectContaining({
        kind: 'role_added',
        discordUserId: rexDiscord.id,
        roleId: linked,
        status: 'done',
      }),
    ]);
    expect(report.errors).toEqual([]);
    expect(w.discord.requestsTo(ROLE_ROUTE).map((request) => request.path)).toEqual(
      onEachServer(`/guilds/${w.guildId}/members/${rexDiscord.id}/roles/${linked}`),
    );
    expect(w.discord.member(w.guildId, rexDiscord.id)?.roles).toEqual(expect.arrayContaining([vip, linked]));

    const since = Date.now() - 1000;
    await interact(w, w.discord.interactions.command('unlink', {}, { user: rexDiscord.id }));
    // The unlink's own sync takes the role and the group away (the plugins carry the commands out).
    const after = await until(async () => {
      await carryOutAll();
      const last = (await settingsOf(w.crew)).lastSync;
      return last?.cause === 'unlink' && Date.parse(last.at) >= since ? last : null;
    }, 'the sync after unlink');
    expect(after.changes.map((change) => change.kind).sort()).toEqual([
      'group_removed',
      'group_removed',
      'role_removed',
    ]);
    expect(w.discord.member(w.guildId, rexDiscord.id)?.roles).toEqual([vip]);
  });

  it('marks the link of a member who left the guild inactive and takes their group away', async () => {
    await link(bob, bobDiscord.id);
    w.discord.setRoles(w.guildId, bobDiscord.id, [vip, linked]);
    const given = await syncNow();
    expect(given.commands).toEqual(onEachServer(`oxide.usergroup add ${bob.steamId} vip`));
    w.discord.removeMember(w.guildId, bobDiscord.id);
    const { report, commands } = await syncNow();
    expect(commands).toEqual(onEachServer(`oxide.usergroup remove ${bob.steamId} vip`));
    expect(report.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'link_inactive', steamId: bob.steamId, status: 'done' }),
        groupChange('group_removed', bob, w.server),
      ]),
    );
    expect((await linksOf(w.crew)).find((found) => found.steamId === bob.steamId)).toMatchObject({
      active: false,
    });
    // Back in the guild: active again, and the group follows the role once more.
    w.discord.addMember(w.guildId, { ...bobDiscord, roles: [vip] });
    const back = await syncNow();
    expect(back.commands).toHaveLength(2);
    expect((await linksOf(w.crew)).find((found) => found.steamId === bob.steamId)).toMatchObject({
      active: true,
    });
  });

  it('a rule both ways: the group gives the role, the role the group, and a role taken away stays away', async () => {
    const clan = w.discord.addRole(w.guildId, { name: 'Clan' }).id;
    expectStatus(
      await w.crew.owner.agent
        .post(`${base()}/role-rules`)
        .send({ roleId: clan, group: 'clan', direction: 'both' }),
      201,
    );
    const dee = { steamId: steamIdOf(3903), name: 'Dee' };
    const eve = { steamId: steamIdOf(3904), name: 'Eve' };
    const deeDiscord = w.discord.addMember(w.guildId, { username: 'dee' }).user.id;
    const eveDiscord = w.discord.addMember(w.guildId, { username: 'eve' }).user.id;
    await link(dee, deeDiscord);
    await link(eve, eveDiscord);
    // Dee is in the group in game (an admin gave it); Eve has the role on Discord.
    await heartbeat(w.t, w.server.token, [rex, bob, { ...dee, groups: ['Clan'] }, eve]);
    w.discord.setRoles(w.guildId, eveDiscord, [clan]);
    const first = await syncNow();
    expect(first.commands).toEqual(onEachServer(`oxide.usergroup add ${eve.steamId} clan`));
    expect(first.report.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'role_added', steamId: dee.steamId, roleId: clan, status: 'done' }),
      ]),
    );
    expect(w.discord.member(w.guildId, deeDiscord)?.roles).toContain(clan);
    // The game now reports Eve in the group the panel gave; then her role is taken away.
    await heartbeat(w.t, w.server.token, [
      rex,
      bob,
      { ...dee, groups: ['clan'] },
      { ...eve, groups: ['clan'] },
    ]);
    w.discord.setRoles(w.guildId, eveDiscord, [linked]);
    const second = await syncNow();
    expect(second.commands).toEqual(onEachServer(`oxide.usergroup remove ${eve.steamId} clan`));
    expect(second.report.changes.filter((change) => change.kind === 'role_added')).toEqual([]);
    expect(w.discord.member(w.guildId, eveDiscord)?.roles).toEqual([linked]);
    // The game reports her out of the group once the command ran: the role stays away.
    await heartbeat(w.t, w.server.token, [rex, bob, { ...dee, groups: ['clan'] }, { ...eve, groups: [] }]);
    expect((await syncNow()).report.changes).toEqual([]);
  });

  it("reads the guild's members in pages of 1,000: one on the second page stays linked", async () => {
    const finn = { steamId: steamIdOf(3905), name: 'Finn' };
    const finnDiscord = '1999999999999999999';
    w.discord.addMember(w.guildId, { id: finnDiscord, username: 'finn' });
    await link(finn, finnDiscord);
    for (let i = 0; i < 1000; i += 1) w.discord.addMember(w.guildId, { username: `filler${i}` });
    const total = w.discord.members(w.guildId).length;
    w.discord.clearRequests();
    const { report } = await syncNow();
    expect(report.membersRead).toBe(total);
    expect(
      w.discord.requestsTo('GET /guilds/:guildId/members').map((request) => request.query.limit),
    ).toEqual(['1000', '1000']);
    expect(report.changes.filter((change) => change.kind === 'link_inactive')).toEqual([]);
    expect((await linksOf(w.crew)).find((found) => found.steamId === finn.steamId)).toMatchObject({
      active: true,
    });
  });
});
