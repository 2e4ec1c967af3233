// Every write route's valid bodies from 12 concurrent clients at once, on PostgreSQL (where
// requests wait on each other's locks and for the pool): settings, token rotations, invites,
// moderation, heartbeats with unusual player names, events. While the database answers, no
// request is answered 5xx: a heartbeat that waits does so within its own deadline (or is answered
// as superseded by a newer one of its server), and nothing is read as the database being away.
import { knexOf } from '../src/core/database';
import { createTestApp, type TestApp } from './support';
import { signIn } from './support/auth';
import { createNetwork, expectStatus, joinByInvite, memberIdOf } from './support/crew';
import { addServer, pluginCall, steamIdOf } from './support/plugin';

const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ? describe : describe.skip;

const CLIENTS = 12;
const REQUESTS_PER_CLIENT = 60;
/** Names a game lets players take: quotes, emoji, right-to-left text, combining marks, spaces. */
const NAMES = [
  'x"; ban 76561198000000001 "',
  '💀 Ꭲhe Ꭰestroyer 💀',
  'مرحبا بالعالم',
  'Zalgo z̷̢͍a̸l̴g̸o̶',
  '   spaced   ',
  "O'Brien; DROP TABLE players;--",
  '\\backslash\\',
  '<script>alert(1)</script>',
];

onPostgres('writes racing each other (12 clients, every write route)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers no valid request 5xx while the database answers', async () => {
    const owner = await signIn(t, { name: 'Race Owner' });
    const moderator = await signIn(t, { name: 'Race Moderator' });
    const network = await createNetwork(owner, 'Race Network');
    await joinByInvite(owner, moderator, network.id);
    const memberId = await memberIdOf(owner, network.id, moderator.user.id);
    expectStatus(
      await owner.agent.patch(`/api/networks/${network.id}/members/${memberId}`).send({ role: 'moderator' }),
      200,
    );
    const servers = await Promise.all(
      ['Race A', 'Race B', 'Race C'].map((name) => addServer(owner, network.id, name)),
    );
    const tokens = servers.map((server) => server.token);
    const playersOf = (server: number, turn: number) =>
      Array.from({ length: 6 + ((turn + server) % 5) }, (_, k) => ({
        steamId: steamIdOf(server * 100 + ((k + turn) % 12)),
        name: NAMES[(k + turn) % NAMES.length],
      }));

    // Who each server last reported: a kick or ban names a player online there.
    const roster = [0, 1, 2].map((server) => playersOf(server, 0));
    const onlineOn = (server: number, turn: number) => roster[server][turn % roster[server].length].steamId;
    await Promise.all(
      roster.map((players, server) =>
        pluginCall(t, tokens[server], 'heartbeat', { maxPlayers: 100, players }).expect(200),
      ),
    );
    let eventId = 0;
    const operations: ((client: number, turn: number) => Promise<{ status: number }>)[] = [
      (client, turn) => {
        const server = (client + turn) % 3;
        roster[server] = playersOf(server, turn);
        return pluginCall(t, tokens[server], 'heartbeat', {
          maxPlayers: 100,
          map: 'Procedural Map',
          players: roster[server],
        });
      },
      (client, turn) =>
        pluginCall(t, tokens[(client + turn) % 3], 'events', {
          events: Array.from({ length: 5 }, (_, k) => ({
            id: `race-${client}-${turn}-${(eventId += 1)}`,
            type: k % 2 ? 'chat' : 'console',
            at: new Date().toISOString(),
            ...(k % 2
              ? { steamId: steamIdOf(((client + turn) % 3) * 100 + k), name: NAMES[k], message: `gg ${k}` }
              : { message: `Saved ${k} ents` }),
          })),
        }),
      (client, turn) =>
        owner.agent.patch(`/api/networks/${network.id}`).send({ description: `Racing ${client}.${turn}` }),
      (client, turn) =>
        owner.agent.patch(`/api/servers/${servers[(client + turn) % 3].id}`).send({ name: `Race ${client}` }),
      (_client, turn) =>
        owner.agent.post('/api/invites').send({ networkId: network.id, maxUses: 1 + (turn % 5) }),
      (client, turn) =>
        moderator.agent
          .post(`/api/players/${onlineOn((client + turn) % 3, turn)}/kick`)
          .send({ serverId: servers[(client + turn) % 3].id, reason: 'Racing' }),
      (client, turn) =>
        moderator.agent
          .post(`/api/players/${onlineOn((client + turn) % 3, turn)}/warn`)
          .send({ serverId: servers[(client + turn) % 3].id, reason: 'Mind the race' }),
      (client, turn) =>
        owner.agent.post(`/api/players/${onlineOn((client + turn) % 3, turn + 3)}/ban`).send({
          serverId: servers[(client + turn) % 3].id,
          reason: 'Raced',
          duration: `${1 + turn}h`,
          scope: turn % 2 ? 'network' : 'server',
        }),
    ];

    // A fourth server whose token is rotated while its heartbeats come (401 for an old token is right).
    const rotating = await addServer(owner, network.id, 'Race Rotating');
    let rotatingToken = rotating.token;
    operations.push(async (_client, turn) => {
      if (turn % 3 === 0) {
        const res = await owner.agent.post(`/api/servers/${rotating.id}/token`).send({});
        if (res.status === 200 || res.status === 201)
          rotatingToken = (res.body.data as { token: string }).token;
        return res;
      }
      return pluginCall(t, rotatingToken, 'heartbeat', { maxPlayers: 50, players: playersOf(3, turn) });
    });

    const answered: { status: number; what: number; code?: string }[] = [];
    const started = Date.now();
    let slowest = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let turn = 0; turn < REQUESTS_PER_CLIENT; turn += 1) {
          const what = (client * 7 + turn) % operations.length;
          const at = Date.now();
          const res = (await operations[what](client, turn)) as { status: number; body?: { code?: string } };
          slowest = Math.max(slowest, Date.now() - at);
          answered.push({ status: res.status, what, code: res.body?.code });
        }
      }),
    );
    const failed = answered.filter((answer) => answer.status >= 500);
    console.info(
      `write race: ${answered.length} requests in ${Date.now() - started} ms, slowest ${slowest} ms, ` +
        `${failed.length} answered 5xx`,
    );
    const byStatus = new Map<string, number>();
    for (const { status, what, code } of answered) {
      const key = `${status} ${code ?? ''} op${what}`;
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
    console.info([...byStatus].map(([key, n]) => `${key}: ${n}`).join('\n'));
    expect(failed).toEqual([]);
    // Valid bodies: nothing refused as bad input either (a rotated token's old heartbeats aside).
    expect(answered.filter((answer) => answer.status === 400 || answer.status === 500)).toEqual([]);
  }, 180_000);

  it('lets a heartbeat wait for a lock held longer than a statement’s 1.4 s while the database answers (200, not 503)', async () => {
    const owner = await signIn(t, { name: 'Lock Owner' });
    const network = await createNetwork(owner, 'Lock Network');
    const server = await addServer(owner, network.id, 'Locked');
    const knex = knexOf(t.orm);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const locked = knex.transaction(async (trx) => {
      await trx.raw('select id from servers where id = ? for update', [server.id]);
      await held;
    });
    const started = Date.now();
    const answer = pluginCall(t, server.token, 'heartbeat', { maxPlayers: 10, players: [] }).then(
      (res) => res,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    release();
    await locked;
    const res = await answer;
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
  });
});
