import { type PlayerProfile, type PlayersListResponse } from '@outpost/contracts';
import {
  ACTORS,
  MATRIX,
  agentOf,
  createNetwork,
  joinByInvite,
  expectStatus,
  type Crew,
} from './support/crew';
import { addServer, heartbeat, steamIdOf } from './support/plugin';
import { PlayerRecord } from '../src/modules/players/player.entity';
import type { TestApp } from './support';
import { COUNT_MATCHES_UP_TO } from '../src/modules/players/players-page-sql';
import { createPlayersWorld, listPlayers, type PlayersWorld } from './support/players-world';

describe('players API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let main: PlayersWorld['main'];
  let second: PlayersWorld['second'];
  beforeAll(async () => {
    ({ t, crew, other, main, second } = await createPlayersWorld());
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number>, who = crew.owner) => listPlayers(crew, query, who);
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
});
