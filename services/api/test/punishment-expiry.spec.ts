// Temp bans lift themselves, and a ban's scope decides where it holds (issue 19): with a
// controlled clock (the sweep's PluginClock, and the wall clock the ban-check URL reads).
import type { LiveEvent, Server } from '@outpost/contracts';
import { LiveBus } from '../src/core/live';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import { advanceClock, signIn, type TestApp } from './support';
import { countRows, createWorld, expectStatus, type Crew } from './support/crew';
import { addServer, heartbeat, steamIdOf, type PluginCommandSent } from './support/plugin';

describe('bans: expiry and scope', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
  });
  afterAll(() => t.close());
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  const banCheckPath = async (serverId: string) =>
    (
      expectStatus(await crew.owner.agent.get(`/api/servers/${serverId}`), 200).body.data as Server & {
        banCheckPath: string;
      }
    ).banCheckPath;
  const refused = async (path: string, steamId: string) =>
    (await t.http.get(`${path}${steamId}`)).status === 200;
  const ban = async (steamId: string, body: Record<string, unknown>) =>
    expectStatus(await crew.owner.agent.post(`/api/players/${steamId}/ban`).send(body), 201).body.data
      .punishment.id as string;
  const of = (commands: PluginCommandSent[], type: string) =>
    commands.filter((command) => command.type === type).map((command) => command.steamId);

  it('a 30m network ban ends at its expiry: the ban-check URL stops refusing then, and every server of the network is told', async () => {
    const a = await addServer(crew.owner, crew.network.id, 'Expiry A');
    const b = await addServer(crew.owner, crew.network.id, 'Expiry B');
    const eve = { steamId: steamIdOf(501), name: 'Eve' };
    await heartbeat(t, a.token, [eve]);
    const [pathA, pathB] = [await banCheckPath(a.id), await banCheckPath(b.id)];
    const start = Date.now();
    const id = await ban(eve.steamId, { serverId: a.id, reason: 'Spam', duration: '30m' });
    const events: LiveEvent[] = [];
    const off = t.app.get(LiveBus).subscribe(crew.network.id, ({ event }) => void events.push(event));

    advanceClock(29 * 60_000);
    expect(await refused(pathB, eve.steamId)).toBe(true);
    const clock = t.app.get(PluginClock);
    const sweeper = t.app.get(OfflineSweepService);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 29 * 60_000));
    await sweeper.sweep();
    expect(await countRows(t, 'plugin_commands', { punishment_id: id, type: 'unban' })).toBe(0);

    jest.useRealTimers();
    advanceClock(30 * 60_000 + 1_000);
    expect(await refused(pathA, eve.steamId)).toBe(false);
    expect(await refused(pathB, eve.steamId)).toBe(false);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(start + 30 * 60_000 + 1_000));
    await sweeper.sweep();
    await sweeper.sweep();
    // One unban per server, however often the sweep runs.
    expect(of(await heartbeat(t, a.token, []), 'unban')).toEqual([eve.steamId]);
    expect(of(await heartbeat(t, b.token, []), 'unban')).toEqual([eve.steamId]);
    expect(await countRows(t, 'plugin_commands', { punishment_id: id, type: 'unban' })).toBe(2);
    off();
    expect(events).toContainEqual({
      type: 'punishment.changed',
      networkId: crew.network.id,
      serverId: a.id,
      punishmentId: id,
    });
    // Half an hour later the member signs in again (the JWT of the suite's start has expired).
    const member = await signIn(t, { email: crew.member.user.email });
    const list = expectStatus(
      await member.agent.get(`/api/networks/${crew.network.id}/punishments`).query({ state: 'expired' }),
      200,
    );
    expect(list.body.data.punishments.map((item: { id: string }) => item.id)).toContain(id);
    // The player is no longer shown as banned, and joins without a kick.
    expect(await countRows(t, 'players', { steam_id: eve.steamId, status: 'banned' })).toBe(0);
    expect(of(await heartbeat(t, b.token, [eve]), 'kick')).toEqual([]);
  });

  it('a network ban is refused on a second server and on a server added afterwards (ban-check and on join)', async () => {
    const first = await addServer(crew.owner, crew.network.id, 'Net 1');
    const secondServer = await addServer(crew.owner, crew.network.id, 'Net 2');
    const mal = { steamId: steamIdOf(502), name: 'Mal' };
    await heartbeat(t, first.token, [mal]);
    await ban(mal.steamId, { serverId: first.id, reason: 'Cheating' });
    expect(await refused(await banCheckPath(secondServer.id), mal.steamId)).toBe(true);

    const later = await addServer(crew.owner, crew.network.id, 'Added later');
    expect(await refused(await banCheckPath(later.id), mal.steamId)).toBe(true);
    await heartbeat(t, first.token, []);
    expect(of(await heartbeat(t, later.token, [mal]), 'kick')).toEqual([mal.steamId]);
    expect(of(await heartbeat(t, secondServer.token, [{ ...mal }]), 'kick')).toEqual([mal.steamId]);
  });

  it('a server ban holds on its server only, and its expiry unbans there only', async () => {
    const here = await addServer(crew.owner, crew.network.id, 'Scoped here');
    const there = await addServer(crew.owner, crew.network.id, 'Scoped there');
    const sam = { steamId: steamIdOf(503), name: 'Sam' };
    await heartbeat(t, there.token, [sam]);
    const start = Date.now();
    const id = await ban(sam.steamId, {
      serverId: here.id,
      reason: 'Local rule',
      duration: '12h',
      scope: 'server',
    });
    // Playing on the other server: no kick there.
    expect(of(await heartbeat(t, there.token, [sam]), 'kick')).toEqual([]);
    expect(await refused(await banCheckPath(there.id), sam.steamId)).toBe(false);
    expect(await refused(await banCheckPath(here.id), sam.steamId)).toBe(true);
    await heartbeat(t, there.token, []);
    const onJoin = await heartbeat(t, here.token, [sam]);
    expect(of(onJoin, 'ban').concat(of(onJoin, 'kick'))).toContain(sam.steamId);
    await heartbeat(t, here.token, []);

    jest.spyOn(t.app.get(PluginClock), 'now').mockReturnValue(new Date(start + 12 * 3_600_000 + 1_000));
    await t.app.get(OfflineSweepService).sweep();
    expect(
      await countRows(t, 'plugin_commands', { punishment_id: id, type: 'unban', server_id: here.id }),
    ).toBe(1);
    expect(await countRows(t, 'plugin_commands', { punishment_id: id, type: 'unban' })).toBe(1);
  });

  it('refuses a scope it does not know, and stores nothing', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Scope check');
    const zed = { steamId: steamIdOf(504), name: 'Zed' };
    await heartbeat(t, server.token, [zed]);
    const before = await countRows(t, 'punishments');
    const res = expectStatus(
      await crew.owner.agent
        .post(`/api/players/${zed.steamId}/ban`)
        .send({ serverId: server.id, scope: 'planet' }),
      400,
    );
    expect(res.body.details).toEqual([{ field: 'scope', message: 'Scope must be one of server, network' }]);
    expect(await countRows(t, 'punishments')).toBe(before);
  });
});
