import type { PlayersListResponse } from '@outpost/contracts';
import type { TestApp } from './support';
import { ACTORS, MATRIX, agentOf, createWorld, expectStatus, type Crew } from './support/crew';
import { addServer, heartbeat, pluginCall, steamIdOf, type FakePlayer } from './support/plugin';

// A server's Players list keeps everyone who played there (a session), was punished there or was
// named in one of its F7 reports, wherever they are now, each row naming their current server.

const player = (n: number, name: string): FakePlayer => ({
  steamId: steamIdOf(n),
  name,
  ip: `198.51.100.${n}`,
});
const ann = player(11, 'Ann'); // played on East, now on West
const ben = player(12, 'Ben'); // only on West, banned from East's page
const cat = player(13, 'Cat'); // only on West, reported on East
const dan = player(14, 'Dan'); // only on West: none of East's
const eve = player(15, 'Eve'); // on East now
const fay = player(16, 'Fay'); // played on East, offline now

describe('GET /api/players?serverId= (a server players list)', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let east: { id: string; token: string };
  let west: { id: string; token: string };

  /** An F7 report of `target` by `reporter`, as the server of `token` sends it. */
  const report = async (token: string, id: string, reporter: FakePlayer, target: FakePlayer) =>
    expectStatus(
      await pluginCall(t, token, 'events', {
        events: [
          {
            id,
            type: 'report',
            at: new Date().toISOString(),
            reporterSteamId: reporter.steamId,
            targetSteamId: target.steamId,
            message: 'called out my base from across the map',
          },
        ],
      }),
      200,
    );

  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    east = await addServer(crew.owner, crew.network.id, 'East');
    west = await addServer(crew.owner, crew.network.id, 'West');
    await heartbeat(t, east.token, [ann, eve, fay]);
    await heartbeat(t, west.token, [ben, cat, dan]);
    // Ann and Fay leave East; Ann goes on to West.
    await heartbeat(t, east.token, [eve]);
    await heartbeat(t, west.token, [ben, cat, dan, ann]);
    expectStatus(
      await crew.moderator.agent
        .post(`/api/players/${ben.steamId}/ban`)
        .send({ serverId: east.id, reason: 'Raiding from West', duration: '7d' }),
      201,
    );
    await report(east.token, 'r1', eve, cat);
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string | number>, who = crew.owner) =>
    (
      expectStatus(await who.agent.get('/api/players').query({ networkId: crew.network.id, ...query }), 200)
        .body as { data: PlayersListResponse }
    ).data;
  const rows = (page: PlayersListResponse) =>
    page.players.map((p) => [p.displayName, p.currentServer, p.status] as const);

  it.each(ACTORS)('%s', async (actor) => {
    expectStatus(
      await agentOf(t, crew, actor)
        .get('/api/players')
        .query({ networkId: crew.network.id, serverId: east.id }),
      MATRIX.read[actor],
    );
  });

  it('lists who played, was banned or was reported there, each with the server they are on now', async () => {
    const page = await list({ serverId: east.id, sortBy: 'displayName', sortOrder: 'asc' });
    expect(page).toMatchObject({ totalCount: 5, totalPages: 1, hasNextPage: false });
    expect(rows(page)).toEqual([
      ['Ann', 'West', 'online'],
      ['Ben', 'West', 'banned'],
      ['Cat', 'West', 'online'],
      ['Eve', 'East', 'online'],
      ['Fay', null, 'offline'],
    ]);
    expect(page.players.find((p) => p.displayName === 'Ann')).toMatchObject({ serverId: west.id });
    // West's own players: Ann (there now, and she played East too), Ben, Cat and Dan.
    const westPage = await list({ serverId: west.id, sortBy: 'displayName', sortOrder: 'asc' });
    expect(westPage.players.map((p) => p.displayName)).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
  });

  it('is the same list for every role, without IPs for members; search and pages stay within it', async () => {
    const asMember = await list({ serverId: east.id, sortBy: 'displayName', sortOrder: 'asc' }, crew.member);
    expect(asMember.totalCount).toBe(5);
    expect(JSON.stringify(asMember)).not.toMatch(/ipAddress|198\.51\.100/);
    expect((await list({ serverId: east.id }, crew.moderator)).totalCount).toBe(5);
    expect((await list({ serverId: east.id }, crew.admin)).totalCount).toBe(5);
    expect((await list({ serverId: east.id, search: 'Dan' })).totalCount).toBe(0);
    expect((await list({ serverId: east.id, search: 'ca' })).players.map((p) => p.displayName)).toEqual([
      'Cat',
    ]);
    // By IP (owners and admins): Ben's address finds him on East's list too.
    expect((await list({ serverId: east.id, search: ben.ip! })).players.map((p) => p.displayName)).toEqual([
      'Ben',
    ]);
    const second = await list({
      serverId: east.id,
      sortBy: 'displayName',
      sortOrder: 'asc',
      limit: 2,
      page: 2,
    });
    expect(second).toMatchObject({ totalCount: 5, totalPages: 3, hasNextPage: true, hasPreviousPage: true });
    expect(second.players.map((p) => p.displayName)).toEqual(['Cat', 'Eve']);
  });

  it("shows nothing of another network's server, even one whose reports name this network's players", async () => {
    const theirs = await addServer(other.owner, other.network.id, 'Theirs');
    await heartbeat(t, theirs.token, [{ ...ann, ip: '192.0.2.11' }]);
    await report(theirs.token, 'r2', ann, dan);
    expect(await list({ serverId: theirs.id })).toMatchObject({ totalCount: 0, players: [] });
    // Their owner, outside this network, learns nothing of it.
    expectStatus(
      await other.owner.agent.get('/api/players').query({ networkId: crew.network.id, serverId: east.id }),
      404,
    );
  });

  it('answers 400 naming the field for a bad query', async () => {
    const bad = async (query: Record<string, unknown>) =>
      expectStatus(
        await crew.owner.agent.get('/api/players').query({ networkId: crew.network.id, ...query }),
        400,
      ).body as { details: { field: string; message: string }[] };
    expect((await bad({ serverId: [east.id, west.id] })).details).toEqual([
      { field: 'serverId', message: 'serverId must be given once, as text' },
    ]);
    expect((await bad({ serverId: east.id, page: 0 })).details).toEqual([
      { field: 'page', message: 'Page must be a whole number of 1 or more' },
    ]);
  });
});
