import {
  DEMO_READ_ONLY_MESSAGE,
  type AuditEntry,
  type AuditListResponse,
  type PlayerActionResponse,
  type PlayerProfile,
  type PlayersListResponse,
  type PunishmentType,
} from '@outpost/contracts';
import {
  ACTORS,
  MATRIX,
  agentOf,
  countRows,
  createNetwork,
  joinByInvite,
  createWorld,
  expectStatus,
  type Actor,
  type Crew,
} from './support/crew';
import { PunishmentRecord } from '../src/modules/players/punishment.entity';
import { documentedBody } from './support/openapi';
import { addServer, heartbeat, pluginCall, steamIdOf, type FakePlayer } from './support/plugin';
import { PlayerRecord } from '../src/modules/players/player.entity';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import type { TestApp } from './support';
import { COUNT_MATCHES_UP_TO } from '../src/modules/players/players.service';

const ROSTER: FakePlayer[] = [
  { steamId: steamIdOf(1), name: 'Alpha', ip: '203.0.113.1' },
  { steamId: steamIdOf(2), name: 'bravo', ip: '203.0.113.2' },
  { steamId: steamIdOf(3), name: 'Charlie', ip: '198.51.100.3' },
  { steamId: steamIdOf(4), name: 'Delta_50%', ip: '198.51.100.4' },
  { steamId: steamIdOf(5), name: 'Echo', ip: '192.0.2.5' },
];

describe('players API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let main: { id: string; token: string };
  let second: { id: string; token: string };
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    main = await addServer(crew.owner, crew.network.id, 'Main');
    second = await addServer(crew.owner, crew.network.id, 'Second');
    await heartbeat(t, main.token, ROSTER.slice(0, 3));
    await heartbeat(t, second.token, ROSTER.slice(3));
    const at = new Date().toISOString();
    const kill = (id: string, killer: number, victim: number, headshot: boolean) => ({
      id,
      type: 'kill',
      at,
      killerSteamId: steamIdOf(killer),
      victimSteamId: steamIdOf(victim),
      weapon: 'AK-47',
      headshot,
    });
    expectStatus(
      await pluginCall(t, main.token, 'events', {
        events: [
          kill('k1', 1, 2, true),
          kill('k2', 1, 3, false),
          kill('k3', 3, 2, true),
          { id: 'c1', type: 'chat', at, steamId: steamIdOf(1), message: 'hello' },
        ],
      }),
      200,
    );
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string | number>, who = crew.owner) =>
    (
      expectStatus(await who.agent.get('/api/players').query({ networkId: crew.network.id, ...query }), 200)
        .body as {
        data: PlayersListResponse;
      }
    ).data;
  const names = (page: PlayersListResponse) => page.players.map((p) => p.displayName);

  describe('GET /api/players', () => {
    it.each(ACTORS)('%s', async (actor) => {
      expectStatus(
        await agentOf(t, crew, actor).get('/api/players').query({ networkId: crew.network.id }),
        MATRIX.read[actor],
      );
    });

    it('answers the page shape, lastSeen desc by default, with live server names', async () => {
      const page = await list({});
      expect(page).toMatchObject({ totalCount: 5, currentPage: 1, totalPages: 1, hasNextPage: false });
      expect(page.players.map((p) => p.lastSeen)).toEqual(
        [...page.players.map((p) => p.lastSeen)].sort().reverse(),
      );
      const alpha = page.players.find((p) => p.displayName === 'Alpha');
      expect(alpha).toMatchObject({
        status: 'online',
        currentServer: 'Main',
        serverId: main.id,
        totalKills: 2,
        headshotPercentage: 50,
        ipAddress: '203.0.113.1',
      });
    });

    it('sorts by every column both ways', async () => {
      expect(names(await list({ sortBy: 'displayName', sortOrder: 'asc' }))).toEqual(
        ['Alpha', 'Charlie', 'Delta_50%', 'Echo', 'bravo'].sort((a, b) => (a < b ? -1 : 1)),
      );
      const kills = await list({ sortBy: 'totalKills', sortOrder: 'desc' });
      expect(kills.players.map((p) => p.totalKills)).toEqual([2, 1, 0, 0, 0]);
      const deaths = await list({ sortBy: 'totalDeaths', sortOrder: 'asc' });
      expect(deaths.players.at(-1)).toMatchObject({ displayName: 'bravo', totalDeaths: 2 });
      const hs = await list({ sortBy: 'headshotPercentage', sortOrder: 'desc' });
      expect(hs.players.slice(0, 2).map((p) => p.headshotPercentage)).toEqual([100, 50]);
      expectStatus(
        await crew.owner.agent.get('/api/players').query({ networkId: crew.network.id, sortBy: 'ip' }),
        400,
      );
    });

    it('orders by steamId, status, playtime, sessions, last seen and first joined, both ways', async () => {
      const sorted = await createNetwork(crew.owner, 'Sorted');
      const west = await addServer(crew.owner, sorted.id, 'West');
      await heartbeat(t, west.token, [
        { steamId: steamIdOf(703), name: 'Ann' },
        { steamId: steamIdOf(701), name: 'Ben' },
        { steamId: steamIdOf(702), name: 'Cat' },
      ]);
      // Each column orders the three differently (six orders for six columns), so a column the
      // query sorted by wrongly, or not at all, gives a wrong order.
      const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000);
      const stored: Record<string, Partial<PlayerRecord>> = {
        Ann: {
          status: 'offline',
          playtimeMinutes: 10,
          totalSessions: 3,
          lastSeen: at(20),
          firstJoined: at(1),
        },
        Ben: {
          status: 'online',
          playtimeMinutes: 30,
          totalSessions: 2,
          lastSeen: at(10),
          firstJoined: at(2),
        },
        Cat: {
          status: 'banned',
          playtimeMinutes: 20,
          totalSessions: 1,
          lastSeen: at(30),
          firstJoined: at(3),
        },
      };
      const em = t.orm.em.fork();
      for (const [displayName, values] of Object.entries(stored))
        await em.nativeUpdate(PlayerRecord, { networkId: sorted.id, displayName }, values);
      const ascending: Record<string, string[]> = {
        steamId: ['Ben', 'Cat', 'Ann'],
        status: ['Cat', 'Ann', 'Ben'],
        playtime: ['Ann', 'Cat', 'Ben'],
        totalSessions: ['Cat', 'Ben', 'Ann'],
        lastSeen: ['Ben', 'Ann', 'Cat'],
        firstJoined: ['Ann', 'Ben', 'Cat'],
      };
      for (const [sortBy, order] of Object.entries(ascending)) {
        expect([sortBy, names(await list({ networkId: sorted.id, sortBy, sortOrder: 'asc' }))]).toEqual([
          sortBy,
          order,
        ]);
        expect([sortBy, names(await list({ networkId: sorted.id, sortBy, sortOrder: 'desc' }))]).toEqual([
          sortBy,
          [...order].reverse(),
        ]);
      }
    });

    it('pages with a capped limit', async () => {
      const second2 = await list({ sortBy: 'steamId', sortOrder: 'asc', limit: 2, page: 2 });
      expect(second2).toMatchObject({
        totalCount: 5,
        currentPage: 2,
        totalPages: 3,
        hasNextPage: true,
        hasPreviousPage: true,
      });
      expect(names(second2)).toEqual(['Charlie', 'Delta_50%']);
      expectStatus(
        await crew.owner.agent.get('/api/players').query({ networkId: crew.network.id, limit: 101 }),
        400,
      );
    });

    it('searches by name (any case, wildcards literal), steamId and server', async () => {
      expect(names(await list({ search: 'BRAV' }))).toEqual(['bravo']);
      expect(names(await list({ search: '50%' }))).toEqual(['Delta_50%']);
      expect(names(await list({ search: steamIdOf(3) }))).toEqual(['Charlie']);
      expect((await list({ serverId: second.id })).totalCount).toBe(2);
    });

    it('searches by IP for owners and admins only, and hides IPs from members', async () => {
      expect(names(await list({ search: '198.51.100', sortBy: 'displayName', sortOrder: 'asc' }))).toEqual([
        'Charlie',
        'Delta_50%',
      ]);
      expect((await list({ search: '198.51.100' }, crew.admin)).totalCount).toBe(2);
      const asMember = await list({ search: '198.51.100' }, crew.member);
      expect(asMember.totalCount).toBe(0);
      const all = await list({}, crew.member);
      expect(JSON.stringify(all)).not.toMatch(/ipAddress|203\.0\.113/);
    });

    it('counts a player matched by several fields once', async () => {
      const overlap = await createNetwork(crew.owner, 'Overlap');
      const north = await addServer(crew.owner, overlap.id, 'North');
      // Fan matches his steamId by steamId and name, and '10' by current and past IP; Ten matches
      // '10' by name, current and past IP; Lead matches '10' by the start of his name and his IP;
      // Other matches neither.
      const fan = { steamId: steamIdOf(1), name: `Fan ${steamIdOf(1)}`, ip: '10.0.0.1' };
      const ten = { steamId: steamIdOf(2), name: 'Player 10', ip: '10.0.0.2' };
      const other = { steamId: steamIdOf(3), name: 'Other', ip: '192.0.2.3' };
      const lead = { steamId: steamIdOf(4), name: '10 Lead', ip: '10.0.0.4' };
      await heartbeat(t, north.token, [fan, ten, other, lead]);
      // A new address for "ten": the old one stays in the IP history (the past-IP arm).
      await heartbeat(t, north.token, [fan, { ...ten, ip: '10.0.0.9' }, other, lead]);
      const search = async (term: string, by = crew.owner) =>
        (
          expectStatus(
            await by.agent
              .get('/api/players')
              .query({ networkId: overlap.id, search: term, sortBy: 'steamId', sortOrder: 'asc' }),
            200,
          ).body as { data: PlayersListResponse }
        ).data;
      const byTen = await search('10');
      expect(byTen.totalCount).toBe(3);
      expect(byTen.players.map((player) => player.steamId)).toEqual([fan.steamId, ten.steamId, lead.steamId]);
      const bySteamId = await search(steamIdOf(1));
      expect(bySteamId.totalCount).toBe(1);
      expect(bySteamId.players.map((player) => player.displayName)).toEqual([fan.name]);
      // A member's search leaves the IPs out: '10' finds Ten and Lead by name; Fan's steamId finds
      // him once.
      await joinByInvite(crew.owner, crew.member, overlap.id);
      const asMember = (term: string) => search(term, crew.member);
      expect((await asMember('10')).players.map((player) => player.displayName)).toEqual([
        ten.name,
        lead.name,
      ]);
      expect(await asMember(steamIdOf(1))).toMatchObject({
        totalCount: 1,
        players: [{ displayName: fan.name }],
      });
    });

    it('pages a search of more than a thousand matches, each player once, its count capped', async () => {
      const crowd = await createNetwork(crew.owner, 'Crowd');
      const east = await addServer(crew.owner, crowd.id, 'East');
      const west = await addServer(crew.owner, crowd.id, 'West');
      // Each name holds its steamId too: the name and steamId searches both match every player.
      const players = Array.from({ length: 1200 }, (_, i) => ({
        steamId: steamIdOf(5000 + i),
        name: `Crowd ${steamIdOf(5000 + i)}`,
      }));
      await heartbeat(t, east.token, players.slice(0, 600));
      await heartbeat(t, west.token, players.slice(600));
      const search = async (term: string, page: number) =>
        (
          expectStatus(
            await crew.owner.agent
              .get('/api/players')
              .query({ networkId: crowd.id, search: term, sortBy: 'steamId', sortOrder: 'asc', page }),
            200,
          ).body as { data: PlayersListResponse }
        ).data;
      // Past COUNT_MATCHES_UP_TO the count stops: the total is a lower bound, the next page exact.
      const all = await search(steamIdOf(5000).slice(0, 12), 2);
      expect(all).toMatchObject({
        totalCount: COUNT_MATCHES_UP_TO,
        totalCountCapped: true,
        totalPages: 50,
        hasNextPage: true,
      });
      expect(all.players.map((player) => player.steamId)).toEqual(
        players.slice(20, 40).map((player) => player.steamId),
      );
      const everyone = expectStatus(
        await crew.owner.agent.get('/api/players').query({ networkId: crowd.id }),
        200,
      ).body as { data: PlayersListResponse };
      expect(everyone.data.totalCount).toBe(1200);
      const some = await search('crowd', 60);
      expect(some).toMatchObject({ totalCountCapped: true, totalPages: 60, hasNextPage: false });
      expect(some.players.map((player) => player.steamId)).toEqual(
        players.slice(1180).map((player) => player.steamId),
      );
      // A page past the last match claims no pages beyond the counted ones.
      expect(await search('crowd', 70)).toMatchObject({ players: [], totalPages: 50, hasNextPage: false });
    });

    it('counts the session a player is in now in their playtime', async () => {
      const night = await addServer(crew.owner, crew.network.id, 'Night');
      const owl = { steamId: steamIdOf(900), name: 'Owl', connectedSeconds: 90 * 60 };
      await heartbeat(t, night.token, [owl]);
      const [listed] = (await list({ search: owl.steamId })).players;
      expect(listed.playtime).toBe(90);
      const profile = expectStatus(
        await crew.owner.agent.get(`/api/players/${owl.steamId}`).query({ networkId: crew.network.id }),
        200,
      ).body as { data: PlayerProfile };
      expect(profile.data.player.playtime).toBe(90);
      await heartbeat(t, night.token, []);
      expect((await list({ search: owl.steamId })).players[0].playtime).toBe(90);
    });

    it('never shows another network', async () => {
      expectStatus(await other.owner.agent.get('/api/players').query({ networkId: crew.network.id }), 404);
    });
  });

  describe('GET /api/players/:steamId', () => {
    it('answers the profile with sessions, chat and activity; IP history for staff only', async () => {
      const res = expectStatus(
        await crew.owner.agent.get(`/api/players/${steamIdOf(1)}`).query({ networkId: crew.network.id }),
        200,
      );
      const profile = res.body.data as PlayerProfile;
      expect(profile.player.displayName).toBe('Alpha');
      // The game server reported no groups: none are made up.
      expect(profile.groups).toEqual([]);
      expect(profile.sessions).toHaveLength(1);
      expect(profile.chat.map((c) => c.message)).toEqual(['hello']);
      expect(profile.activity.map((a) => a.description)).toContain('Killed bravo with an AK-47 (headshot)');
      expect(profile.ipHistory?.map((ip) => ip.ip)).toEqual(['203.0.113.1']);
      const asMember = expectStatus(
        await crew.member.agent.get(`/api/players/${steamIdOf(1)}`).query({ networkId: crew.network.id }),
        200,
      ).body.data as PlayerProfile;
      expect(asMember.ipHistory).toBeUndefined();
      expect(asMember.player.ipAddress).toBeUndefined();
      expectStatus(
        await crew.owner.agent.get(`/api/players/${steamIdOf(99)}`).query({ networkId: crew.network.id }),
        404,
      );
      expectStatus(await crew.owner.agent.get(`/api/players/${steamIdOf(1)}`), 400);
    });

    it('answers the groups the game server reported, as it stored them', async () => {
      const guild = await addServer(crew.owner, crew.network.id, 'Guild');
      const vip = { steamId: steamIdOf(910), name: 'Vip', groups: ['default', ' VIP '] };
      await heartbeat(t, guild.token, [vip]);
      const profile = expectStatus(
        await crew.member.agent.get(`/api/players/${vip.steamId}`).query({ networkId: crew.network.id }),
        200,
      ).body.data as PlayerProfile;
      expect(profile.groups).toEqual(['default', 'vip']);
    });
  });

  describe('POST /api/players/:steamId/kick|warn|ban|unban', () => {
    const act = (
      steamId: string,
      action: PunishmentType,
      body: Record<string, unknown>,
      agent = crew.owner.agent,
    ) => agent.post(`/api/players/${steamId}/${action}`).send(body);
    const actionOf = (res: Awaited<ReturnType<typeof act>>) =>
      expectStatus(res, 201).body.data as PlayerActionResponse;
    /** Rows a refused action must leave as they were. */
    const moderationRows = async () => ({
      punishments: await countRows(t, 'punishments'),
      commands: await countRows(t, 'plugin_commands'),
      audit: await countRows(t, 'audit_entries'),
    });

    it('sends a kick or warn to the chosen server only when the player is on it; else 409 and nothing recorded', async () => {
      const north = await addServer(crew.owner, crew.network.id, 'North');
      const south = await addServer(crew.owner, crew.network.id, 'South');
      const nia = { steamId: steamIdOf(920), name: 'Nia' };
      const ola = { steamId: steamIdOf(921), name: 'Ola' };
      await heartbeat(t, north.token, [nia]);
      await heartbeat(t, south.token, [ola]);
      const before = await moderationRows();
      for (const action of ['kick', 'warn'] as const) {
        const res = expectStatus(await act(nia.steamId, action, { serverId: south.id }), 409);
        expect(res.body).toEqual({ success: false, error: 'Nia is not on South', code: 'CONFLICT' });
      }
      expect(await moderationRows()).toEqual(before);
      expect(await heartbeat(t, north.token, [nia])).toEqual([]);
      expect(await heartbeat(t, south.token, [ola])).toEqual([]);

      const kick = actionOf(await act(ola.steamId, 'kick', { serverId: south.id }));
      expect(kick.punishment).toMatchObject({ type: 'kick', serverId: south.id, serverName: 'South' });
      expect(await heartbeat(t, north.token, [nia])).toEqual([]);
      expect(await heartbeat(t, south.token, [ola])).toEqual([
        expect.objectContaining({ id: kick.commandId, type: 'kick', steamId: ola.steamId }),
      ]);

      // Gone from every server: no server can carry a kick or warn out.
      await heartbeat(t, north.token, []);
      const res = expectStatus(await act(nia.steamId, 'warn', { serverId: north.id }), 409);
      expect(res.body.error).toBe('Nia is not on North');
    });

    /** Two new servers of the crew's network reporting in, the player on the first. */
    const playingOnFirst = async (player: { steamId: string; name: string }, ...names: [string, string]) => {
      const servers = [
        await addServer(crew.owner, crew.network.id, names[0]),
        await addServer(crew.owner, crew.network.id, names[1]),
      ];
      await heartbeat(t, servers[0].token, [player]);
      await heartbeat(t, servers[1].token, []);
      return servers;
    };

    it('bans on the whole network: the ban to the chosen server, a kick to the one the player is on, the unban to both', async () => {
      const pia = { steamId: steamIdOf(922), name: 'Pia' };
      const [east, west] = await playingOnFirst(pia, 'East', 'West');
      const ban = actionOf(await act(pia.steamId, 'ban', { serverId: west.id, reason: 'Cheating' }));
      expect(ban.punishment).toMatchObject({
        type: 'ban',
        active: true,
        serverId: west.id,
        serverName: 'West',
      });
      expect(await heartbeat(t, west.token, [])).toEqual([
        expect.objectContaining({
          id: ban.commandId,
          type: 'ban',
          steamId: pia.steamId,
          reason: 'Cheating',
          expiresAt: null,
        }),
      ]);
      const [kick] = await heartbeat(t, east.token, [pia]);
      expect(kick).toMatchObject({ type: 'kick', steamId: pia.steamId, reason: 'Banned: Cheating' });
      for (const [token, id] of [
        [west.token, ban.commandId],
        [east.token, kick.id],
      ])
        expectStatus(await pluginCall(t, token, `commands/${id}/result`, { ok: true }), 200);
      await heartbeat(t, east.token, []);

      // Lifted from East: West, which holds the ban in its own list, gets the unban too.
      const unban = actionOf(await act(pia.steamId, 'unban', { serverId: east.id }));
      expect(await heartbeat(t, east.token, [])).toEqual([
        expect.objectContaining({ id: unban.commandId, type: 'unban', steamId: pia.steamId }),
      ]);
      expect(await heartbeat(t, west.token, [])).toEqual([
        expect.objectContaining({ type: 'unban', steamId: pia.steamId, reason: 'Unbanned by administrator' }),
      ]);
    });

    it('sends the unban wherever a lifted ban was sent, also where its record names another server', async () => {
      const rae = { steamId: steamIdOf(923), name: 'Rae' };
      const [north, south] = await playingOnFirst(rae, 'Old North', 'Old South');
      const ban = actionOf(await act(rae.steamId, 'ban', { serverId: north.id }));
      // A ban recorded before commands followed the chosen server: it names South, went to North.
      await t.orm.em.fork().nativeUpdate(PunishmentRecord, { id: ban.punishment.id }, { serverId: south.id });
      expect(await heartbeat(t, north.token, [])).toEqual([expect.objectContaining({ id: ban.commandId })]);
      expectStatus(await pluginCall(t, north.token, `commands/${ban.commandId}/result`, { ok: true }), 200);
      const unban = actionOf(await act(rae.steamId, 'unban', { serverId: south.id }));
      expect(await heartbeat(t, south.token, [])).toEqual([
        expect.objectContaining({ id: unban.commandId, type: 'unban', steamId: rae.steamId }),
      ]);
      expect(await heartbeat(t, north.token, [])).toEqual([
        expect.objectContaining({ type: 'unban', steamId: rae.steamId }),
      ]);
    });

    it('queues a warn for the next heartbeat with the default reason and audits it', async () => {
      const res = expectStatus(
        await crew.admin.agent
          .post(`/api/players/${steamIdOf(2)}/warn`)
          .send({ serverId: main.id, reason: '' }),
        201,
      );
      const body = res.body.data as PlayerActionResponse;
      expect(body.punishment).toMatchObject({
        type: 'warn',
        reason: 'Warning issued by administrator',
        issuedBy: 'Adam Admin',
      });
      const commands = await heartbeat(t, main.token, ROSTER.slice(0, 3));
      expect(commands).toContainEqual(
        expect.objectContaining({ id: body.commandId, type: 'warn', steamId: steamIdOf(2) }),
      );
      expectStatus(await pluginCall(t, main.token, `commands/${body.commandId}/result`, { ok: true }), 200);
      expect(await heartbeat(t, main.token, ROSTER.slice(0, 3))).toEqual([]);
      expect(await countRows(t, 'audit_entries', { action: 'player.warned' })).toBe(1);
    });

    it('gives a player their status back once a timed ban runs out', async () => {
      const brief = { steamId: steamIdOf(901), name: 'Brief', ip: '198.51.100.91' };
      await heartbeat(t, main.token, [...ROSTER.slice(0, 3), brief]);
      expectStatus(
        await crew.owner.agent
          .post(`/api/players/${brief.steamId}/ban`)
          .send({ serverId: main.id, duration: '30m' }),
        201,
      );
      await heartbeat(t, main.token, ROSTER.slice(0, 3));
      const sweeper = t.app.get(OfflineSweepService);
      await sweeper.sweep();
      expect((await list({ search: brief.steamId })).players[0].status).toBe('banned');

      jest.spyOn(t.app.get(PluginClock), 'now').mockReturnValue(new Date(Date.now() + 31 * 60_000));
      await sweeper.sweep();
      jest.restoreAllMocks();
      expect((await list({ search: brief.steamId })).players[0].status).toBe('offline');
      // That sweep also found the servers silent for 31 minutes: they report again.
      await heartbeat(t, main.token, ROSTER.slice(0, 3));
      await heartbeat(t, second.token, ROSTER.slice(3));
    });

    it('a ban holds across the network: the player is kicked when they join another server; unban lifts it', async () => {
      const banned = ROSTER[0];
      const res = expectStatus(
        await crew.owner.agent
          .post(`/api/players/${banned.steamId}/ban`)
          .send({ serverId: main.id, duration: '7d' }),
        201,
      );
      const { punishment, commandId } = res.body.data as PlayerActionResponse;
      expect(punishment).toMatchObject({ type: 'ban', active: true, reason: 'Banned by administrator' });
      expect(commandId).not.toBeNull();
      expect(await heartbeat(t, main.token, ROSTER.slice(0, 3))).toContainEqual(
        expect.objectContaining({ type: 'ban', steamId: banned.steamId }),
      );
      await heartbeat(t, main.token, ROSTER.slice(1, 3));
      const kicks = await heartbeat(t, second.token, [...ROSTER.slice(3), banned]);
      expect(kicks).toContainEqual(expect.objectContaining({ type: 'kick', steamId: banned.steamId }));
      expect((await list({ search: 'Alpha' })).players[0].status).toBe('banned');

      expectStatus(
        await crew.member.agent.post(`/api/players/${banned.steamId}/unban`).send({ serverId: main.id }),
        403,
      );
      expectStatus(
        await crew.owner.agent.post(`/api/players/${banned.steamId}/unban`).send({ serverId: main.id }),
        201,
      );
      expectStatus(
        await crew.owner.agent.post(`/api/players/${banned.steamId}/unban`).send({ serverId: main.id }),
        409,
      );
      const after = await heartbeat(t, second.token, [...ROSTER.slice(3), banned]);
      expect(
        after.filter(
          (c) => c.type === 'kick' && c.steamId === banned.steamId && !kicks.some((k) => k.id === c.id),
        ),
      ).toEqual([]);
    });

    it('refuses unknown fields, a bad duration, and a server of another network', async () => {
      expectStatus(
        await crew.owner.agent
          .post(`/api/players/${steamIdOf(3)}/ban`)
          .send({ serverId: main.id, duration: 'soon' }),
        400,
      );
      expectStatus(
        await crew.owner.agent
          .post(`/api/players/${steamIdOf(3)}/kick`)
          .send({ serverId: main.id, extra: 1 }),
        400,
      );
      const foreign = await addServer(other.owner, other.network.id, 'Foreign');
      // A network of the same owner where the player never played: the server names the network,
      // so the player is not found there.
      const elsewhere = await createNetwork(crew.owner, 'Elsewhere');
      const far = await addServer(crew.owner, elsewhere.id, 'Far');
      const before = await moderationRows();
      const res = expectStatus(await act(steamIdOf(3), 'kick', { serverId: foreign.id }), 404);
      expect(res.body.error).toBe('Server not found');
      for (const action of ['kick', 'warn', 'ban'] as const) {
        const refused = expectStatus(await act(steamIdOf(3), action, { serverId: far.id }), 404);
        expect(refused.body.error).toBe('Player not found');
      }
      expect(await moderationRows()).toEqual(before);
    });

    describe('the role matrix, each action audited', () => {
      const STATUS: Record<Actor, number> = { ...MATRIX.staff, owner: 201, admin: 201 };
      const AUDITED: Record<PunishmentType, string> = {
        kick: 'player.kicked',
        warn: 'player.warned',
        ban: 'player.banned',
        unban: 'player.unbanned',
      };
      const moe = { steamId: steamIdOf(930), name: 'Moe' };
      let arena: { id: string; token: string };
      beforeAll(async () => {
        arena = await addServer(crew.owner, crew.network.id, 'Arena');
        await heartbeat(t, arena.token, [moe]);
      });
      const newestAudit = async (): Promise<AuditEntry | undefined> =>
        (
          expectStatus(
            await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit`).query({ limit: 1 }),
            200,
          ).body as { data: AuditListResponse }
        ).data.entries[0];

      it.each(
        (['kick', 'warn', 'ban', 'unban'] as const).flatMap((action) =>
          ACTORS.map((actor) => [action, actor] as const),
        ),
      )('%s as %s', async (action, actor) => {
        // An unban needs a ban to lift (else 409, whoever asks).
        if (action === 'unban') actionOf(await act(moe.steamId, 'ban', { serverId: arena.id }));
        const before = { rows: await moderationRows(), newest: (await newestAudit())?.id };
        const reason = `${action} by ${actor}`;
        const res = await act(moe.steamId, action, { serverId: arena.id, reason }, agentOf(t, crew, actor));
        expectStatus(res, STATUS[actor]);
        if (actor === 'demo')
          expect(res.body).toEqual({ success: false, error: DEMO_READ_ONLY_MESSAGE, code: 'DEMO_READ_ONLY' });
        const done = res.status === 201 ? 1 : 0;
        expect(await moderationRows()).toEqual({
          punishments: before.rows.punishments + done,
          commands: before.rows.commands + done,
          audit: before.rows.audit + done,
        });
        const newest = await newestAudit();
        if (actor === 'owner' || actor === 'admin')
          expect(newest).toMatchObject({
            action: AUDITED[action],
            actorName: crew[actor].user.name,
            targetType: 'player',
            targetName: moe.name,
            details: { steamId: moe.steamId, reason, serverId: arena.id },
          });
        else expect(newest?.id).toBe(before.newest);
      });
    });
  });

  describe('GET /api/docs-json', () => {
    it.each(['kick', 'warn', 'ban', 'unban'])(
      'documents the body of POST /api/players/{steamId}/%s: its fields, the required serverId, an example',
      async (action) => {
        const body = await documentedBody(t, 'post', `/api/players/{steamId}/${action}`);
        expect(body).toMatchObject({
          type: 'object',
          required: ['serverId'],
          additionalProperties: false,
          properties: { serverId: { type: 'string', minLength: 1 }, reason: { type: 'string' } },
          example: { serverId: '…' },
        });
        expect(Object.keys(body.properties ?? {})).toEqual(
          action === 'ban' ? ['serverId', 'reason', 'duration'] : ['serverId', 'reason'],
        );
      },
    );
  });
});
