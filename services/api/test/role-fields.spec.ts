// The fields each role is sent, walked one by one: every GET route that names a network, and the
// live stream, read by the owner, an admin, a moderator and a member of a network, and by the demo
// user in the demo network (an admin's view, read-only). What the role matrix (libs/contracts)
// restricts is marked in the data the servers report, and each role must see exactly the marks
// its permissions allow: players' IPs (players.viewIp), console output (console.read), the signed
// ban-check and reports URLs and the reports key (servers.manage, never the demo user), and never
// a server token or anything of a network one is not a member of.
import { can, type CreateServerResponse, type Role, type Server } from '@outpost/contracts';
import { RequestContext } from '@mikro-orm/core';
import { listPermissionRoutes, type PermissionRoute } from '../src/core/auth';
import { DemoService } from '../src/modules/demo';
import { NetworkMember } from '../src/modules/members/member.entity';
import { createCrew, expectStatus, memberIdOf, type Crew } from './support/crew';
import { listening, openLive, type LiveClient } from './support/live-client';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';
import { createTestApp, signInDemo, type SignedIn, type TestApp } from './support';

const IP = '198.51.100.77';
const CONSOLE = 'Console secret: 7341 entities saved';
type Mark = 'ip' | 'console' | 'signedUrls' | 'token' | 'otherNetwork';

type Reader = { name: string; role: Role; who: SignedIn; demo: boolean; ids: Ids };
type Ids = Record<'network' | 'server' | 'invite' | 'report' | 'punishment' | 'memberId', string>;

/** Every leaf of a JSON value with its path (`a.b[0].c`), keys of objects included as leaves. */
const leavesOf = (value: unknown, path = ''): [string, unknown][] => {
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [
      [`${path}.${key}#key`, key] as [string, unknown],
      ...leavesOf(item, `${path}.${key}`),
    ]);
  return [[path, value]];
};

const SIGNED_URL_KEYS = new Set(['banCheckPath', 'reportsPath', 'reportsKey']);

describe('the fields each role is sent (role matrix)', () => {
  let t: TestApp;
  let crew: Crew;
  let server: CreateServerResponse;
  let secrets: string[];
  let signed: string[];
  let readers: Reader[];
  let routes: PermissionRoute[];
  const live = new Map<string, LiveClient>();

  /** The marks found in `body`, with where, for the reader. */
  const marksIn = (body: unknown, reader: Reader, where: string, found: Map<Mark, string>): void => {
    const foreign = reader.demo ? [crew.network.id, server.id] : [];
    for (const [path, value] of leavesOf(body)) {
      const at = `${where}${path}`;
      if (typeof value !== 'string') continue;
      if (value.includes(IP)) found.set('ip', at);
      if (value.includes(CONSOLE)) found.set('console', at);
      if ((path.endsWith('#key') && SIGNED_URL_KEYS.has(value)) || signed.some((s) => value.includes(s)))
        found.set('signedUrls', at);
      if ((path.endsWith('#key') && value === 'token') || secrets.some((s) => value.includes(s)))
        found.set('token', at);
      if (foreign.includes(value)) found.set('otherNetwork', at);
    }
  };

  /** What the matrix lets the reader see, of the marks. */
  const allowed = ({ role, demo }: Reader): Mark[] =>
    [
      can(role, 'players.viewIp') && 'ip',
      can(role, 'console.read') && 'console',
      can(role, 'servers.manage') && !demo && 'signedUrls',
    ].filter((mark): mark is Mark => mark !== false);

  const pathFor = (route: PermissionRoute, ids: Ids): { path: string; query: Record<string, string> } => {
    const locator = route.requirement.network!;
    const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
      locator.source === 'param' && name === locator.key
        ? ids[locator.kind]
        : (ids[name as 'memberId'] ?? 'x'),
    );
    return { path, query: locator.source === 'query' ? { [locator.key]: ids[locator.kind] } : {} };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_SIMULATION: 'true' } });
    crew = await createCrew(t);
    server = await addServer(crew.owner, crew.network.id, 'Arena');
    const demoServers = await t.app.get(DemoService).ensureNetwork();
    // The crew made the demo user a member of its network too: here it is only in the demo network.
    await RequestContext.create(t.orm.em, () =>
      t.orm.em.fork().nativeDelete(NetworkMember, { networkId: crew.network.id, userId: crew.demo.user.id }),
    );
    const demo = await signInDemo(t);
    const [demoNetwork] = expectStatus(await demo.agent.get('/api/networks'), 200).body.data as {
      id: string;
    }[];
    const demoServerList = expectStatus(await demo.agent.get(`/api/servers/network/${demoNetwork.id}`), 200)
      .body.data as Server[];
    const owned = expectStatus(await crew.owner.agent.get(`/api/servers/${server.id}`), 200).body
      .data as Server;
    signed = [
      owned.banCheckPath!.split('/').at(-2)!,
      owned.reportsPath!.split('/').at(-1)!,
      owned.reportsKey!,
    ];
    // opsrv_<id>_<secret>: the secret is base64url, so it may hold '_' itself.
    secrets = [server.token, ...demoServers.map((spec) => spec.token)].map((token) =>
      token.split('_').slice(2).join('_'),
    );

    await listening(t);
    const crewReaders = (['owner', 'admin', 'moderator', 'member'] as const).map((role) => ({
      name: role,
      role,
      who: crew[role],
      demo: false,
    }));
    for (const reader of [...crewReaders, { name: 'demo', who: demo }])
      live.set(reader.name, await openLive(t, { jwt: reader.who.jwt }));
    await Promise.all([...live.values()].map((client) => client.next((frame) => frame.event === 'ready')));

    // What both networks' servers report: a player with an IP, console output, an F7 report.
    const report = (n: number) => ({
      id: `report-${n}`,
      type: 'report',
      at: new Date().toISOString(),
      reporterSteamId: steamIdOf(1),
      targetSteamId: steamIdOf(2),
      message: 'wallhacks',
    });
    const feed = async (token: string, n: number) => {
      await heartbeat(t, token, [{ steamId: steamIdOf(2), name: 'Bob', ip: IP }]);
      const now = new Date().toISOString();
      const events = [
        { id: `connect-${n}`, type: 'connect', at: now, steamId: steamIdOf(2), name: 'Bob', ip: IP },
        { id: `console-${n}`, type: 'console', at: now, level: 'info', message: CONSOLE },
        report(n),
        { id: `chat-${n}`, type: 'chat', at: now, steamId: steamIdOf(2), message: 'last of the batch' },
      ];
      expectStatus(await pluginCall(t, token, 'events', { events }), 200);
    };
    await feed(server.token, 1);
    await feed(demoServers[0].token, 2);

    const ban = expectStatus(
      await crew.owner.agent.post(`/api/players/${steamIdOf(2)}/ban`).send({ serverId: server.id }),
      201,
    ).body.data as { punishment: { id: string } };
    const reportOf = async (agent: SignedIn['agent'], serverId: string) =>
      (
        expectStatus(await agent.get(`/api/servers/${serverId}/reports`), 200).body.data as {
          reports: { id: string }[];
        }
      ).reports[0].id;
    const invite = expectStatus(
      await crew.owner.agent.post('/api/invites').send({ networkId: crew.network.id }),
      201,
    ).body.data as { id: string };
    const crewIds: Ids = {
      network: crew.network.id,
      server: server.id,
      invite: invite.id,
      report: await reportOf(crew.owner.agent, server.id),
      punishment: ban.punishment.id,
      memberId: await memberIdOf(crew.owner, crew.network.id, crew.admin.user.id),
    };
    const demoIds: Ids = {
      network: demoNetwork.id,
      server: demoServerList[0].id,
      invite: 'x',
      report: await reportOf(demo.agent, demoServerList[0].id),
      punishment: 'x',
      memberId: await memberIdOf(demo, demoNetwork.id, demo.user.id),
    };
    readers = [
      ...crewReaders.map((reader) => ({ ...reader, ids: crewIds })),
      { name: 'demo', role: 'admin', who: demo, demo: true, ids: demoIds },
    ];
    routes = listPermissionRoutes(t.app).filter(
      (route) => route.method === 'GET' && route.path.startsWith('/api/') && route.requirement.network,
    );
    // The chat line came last: each stream has had the batch (or the part it may see).
    await Promise.all(
      [...live.values()].map((client) =>
        client.next(
          (frame) => frame.event === 'log.entry' && JSON.stringify(frame.data).includes('last of the batch'),
        ),
      ),
    );
  }, 120_000);

  afterAll(async () => {
    for (const client of live.values()) client.close();
    await t.close();
  });

  it('the demo user is an admin of the demo network', async () => {
    const demo = readers.find((reader) => reader.demo)!;
    const networks = expectStatus(await demo.who.agent.get('/api/networks'), 200).body.data;
    expect(networks).toEqual([expect.objectContaining({ id: demo.ids.network, role: 'admin' })]);
  });

  it.each(['owner', 'admin', 'moderator', 'member', 'demo'])(
    'GET routes: %s is sent exactly the restricted fields the role matrix allows',
    async (name) => {
      const reader = readers.find((candidate) => candidate.name === name)!;
      const found = new Map<Mark, string>();
      const read: string[] = [];
      for (const route of routes) {
        const { path, query } = pathFor(route, reader.ids);
        const res = await reader.who.agent.get(path).query(query);
        if (res.status !== 200) continue;
        read.push(route.path);
        marksIn(res.body, reader, `${route.path} `, found);
      }
      expect(read).toEqual(expect.arrayContaining(['/api/servers/:id/logs', '/api/networks/:id/logs']));
      expect(Object.fromEntries(found)).toEqual(
        Object.fromEntries(allowed(reader).map((mark) => [mark, expect.any(String)])),
      );
    },
  );

  it.each(['owner', 'admin', 'moderator', 'member', 'demo'])(
    'the live stream: %s is sent exactly the restricted fields the role matrix allows',
    (name) => {
      const reader = readers.find((candidate) => candidate.name === name)!;
      const found = new Map<Mark, string>();
      for (const frame of live.get(name)!.frames) marksIn(frame.data, reader, `${frame.event} `, found);
      // No stream carries the signed URLs (server DTOs are not streamed).
      const expected = allowed(reader).filter((mark) => mark !== 'signedUrls');
      expect(Object.fromEntries(found)).toEqual(
        Object.fromEntries(expected.map((mark) => [mark, expect.any(String)])),
      );
    },
  );
});
