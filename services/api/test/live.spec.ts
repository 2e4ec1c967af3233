// GET /api/live: the Server-Sent Events stream, over a real socket (issue 18, section 2).
import { signIn } from './support/auth';
import { createCrew, createNetwork, expectStatus, memberIdOf, type Crew } from './support/crew';
import { frame, listening, openLive, type LiveClient } from './support/live-client';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';
import { createTestApp, signInByMagicLink, type TestApp } from './support';

let t: TestApp;
let crew: Crew;
let token: string;
let serverId: string;
const open: LiveClient[] = [];

const live = async (options: Parameters<typeof openLive>[1]) => {
  const client = await openLive(t, options);
  open.push(client);
  return client;
};
const as = (who: 'owner' | 'admin' | 'member' | 'outsider') => live({ jwt: crew[who].jwt });
/** Waits for the ready frame: the stream is subscribed from then on. */
const ready = async (client: LiveClient) => {
  await client.next(frame('ready'));
  return client;
};
const consoleLine = (id: string, message: string) =>
  pluginCall(t, token, 'events', {
    events: [{ id, type: 'console', at: new Date().toISOString(), message }],
  });

beforeAll(async () => {
  t = await createTestApp();
  crew = await createCrew(t);
  const server = await addServer(crew.owner, crew.network.id);
  token = server.token;
  serverId = server.id;
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => t.close());

describe('who may open it', () => {
  it('needs a token (401) and the API key', async () => {
    expect((await live({})).status).toBe(401);
    expect((await live({ jwt: crew.owner.jwt, apiKey: null })).status).toBe(401);
  });

  it('takes the session cookie instead of a bearer JWT', async () => {
    const { cookie } = await signInByMagicLink(t, 'cookie-reader@example.com');
    const client = await live({ cookie });
    expect(client.status).toBe(200);
    await client.next(frame('ready'));
    expect((await live({ cookie: 'a_session_outpost=not-a-session' })).status).toBe(401);
  });
});

describe('what each member receives', () => {
  it('server status and players joining and leaving go to every member, never to others', async () => {
    const [owner, member, outsider] = await Promise.all(
      [as('owner'), as('member'), as('outsider')].map((p) => p.then(ready)),
    );
    await heartbeat(t, token, [{ steamId: steamIdOf(1), name: 'Rai', ip: '203.0.113.5' }]);
    for (const client of [owner, member]) {
      const status = await client.next(frame('server.status', serverId));
      expect(status.data).toMatchObject({
        status: 'online',
        playerCount: 1,
        maxPlayers: 100,
        networkId: crew.network.id,
      });
      const joined = await client.next(frame('player.joined', serverId));
      expect(joined.data).toEqual({
        type: 'player.joined',
        networkId: crew.network.id,
        serverId,
        steamId: steamIdOf(1),
        name: 'Rai',
      });
    }
    await heartbeat(t, token, []);
    await member.next(frame('player.left', serverId));
    expect(outsider.frames.map((f) => f.event)).toEqual(['ready']);
  });

  it('console output and command results go to those who may read the console', async () => {
    const [owner, admin, member] = await Promise.all(
      [as('owner'), as('admin'), as('member')].map((p) => p.then(ready)),
    );
    expectStatus(await consoleLine('line-1', 'Saved 41,201 ents'), 200);
    for (const client of [owner, admin]) {
      const line = await client.next(frame('console.entry', serverId));
      expect(line.data.entry).toMatchObject({ kind: 'line', message: 'Saved 41,201 ents' });
    }
    const run = expectStatus(
      await crew.admin.agent.post(`/api/servers/${serverId}/console`).send({ command: 'status' }),
      202,
    );
    const commandId = (run.body as { data: { id: string } }).data.id;
    const typed = await owner.next(
      (f) => f.event === 'console.entry' && (f.data.entry as { id: string }).id === commandId,
    );
    expect(typed.data.entry).toMatchObject({ kind: 'command', command: 'status', status: 'pending' });
    // The plugin's result: the same command again, with its output.
    expectStatus(
      await pluginCall(t, token, `commands/${commandId}/result`, { ok: true, output: 'hostname: EU' }),
      200,
    );
    const done = await admin.next(
      (f) => f.event === 'console.entry' && (f.data.entry as { status: string }).status === 'succeeded',
    );
    expect(done.data.entry).toMatchObject({ id: commandId, output: 'hostname: EU' });
    // The member saw neither, but did see the audit-free events of the same moment.
    await heartbeat(t, token, []);
    await member.next(frame('server.status'));
    expect(member.frames.filter((f) => f.event === 'console.entry')).toEqual([]);
  });

  it("a kick's outcome goes to those who may read commands; the Punishments lists of every member read again", async () => {
    const rex = { steamId: steamIdOf(40), name: 'Rex' };
    await heartbeat(t, token, [rex]);
    const [owner, admin, member] = await Promise.all(
      [as('owner'), as('admin'), as('member')].map((p) => p.then(ready)),
    );
    const kicked = expectStatus(
      await crew.admin.agent.post(`/api/players/${rex.steamId}/kick`).send({ serverId, reason: 'Camping' }),
      201,
    );
    const commandId = (kicked.body as { data: { commandId: string } }).data.commandId;
    await heartbeat(t, token, [rex]);
    expectStatus(
      await pluginCall(t, token, `commands/${commandId}/result`, { ok: true, output: 'Kicked Rex' }),
      200,
    );
    for (const client of [owner, admin]) {
      const done = await client.next(frame('command.completed', serverId));
      expect(done.data.command).toMatchObject({
        id: commandId,
        type: 'kick',
        status: 'succeeded',
        output: 'Kicked Rex',
      });
    }
    const changed = (f: { event: string; data: Record<string, unknown> }) =>
      f.event === 'punishment.changed' && f.data.serverId === serverId;
    await member.next(changed);
    await member.next(changed, 5_000, member.frames.findIndex(changed) + 1);
    expect(member.frames.filter((f) => f.event === 'command.completed')).toEqual([]);
  });

  it("new log lines go to every member; a connect line's IP only to those who may see IPs", async () => {
    const [owner, member, outsider] = await Promise.all(
      [as('owner'), as('member'), as('outsider')].map((p) => p.then(ready)),
    );
    const at = new Date().toISOString();
    expectStatus(
      await pluginCall(t, token, 'events', {
        events: [
          { id: 'join-ip', type: 'connect', at, steamId: steamIdOf(7), name: 'Ivy', ip: '198.51.100.7' },
          { id: 'chat-ivy', type: 'chat', at, steamId: steamIdOf(7), name: 'Ivy', message: 'hi all' },
        ],
      }),
      200,
    );
    const seen = async (client: LiveClient) => {
      const connect = await client.next(
        (f) => f.event === 'log.entry' && (f.data.entry as { type: string }).type === 'connect',
      );
      const chat = await client.next(
        (f) => f.event === 'log.entry' && (f.data.entry as { type: string }).type === 'chat',
      );
      return {
        connect: connect.data.entry,
        chat: chat.data.entry,
        order: client.frames.indexOf(connect) < client.frames.indexOf(chat),
      };
    };
    const forOwner = await seen(owner);
    expect(forOwner.connect).toMatchObject({
      serverId,
      player: { steamId: steamIdOf(7) },
      ip: '198.51.100.7',
    });
    expect(forOwner.chat).toMatchObject({ message: 'hi all', channel: 'global' });
    const forMember = await seen(member);
    expect(forMember.connect).not.toHaveProperty('ip');
    expect(forMember.chat).toEqual(forOwner.chat);
    // A batch's lines go out oldest first, as they happened.
    expect(forOwner.order && forMember.order).toBe(true);
    // A retried batch stores nothing and sends nothing.
    const before = owner.frames.length;
    expectStatus(
      await pluginCall(t, token, 'events', {
        events: [{ id: 'chat-ivy', type: 'chat', at, steamId: steamIdOf(7), name: 'Ivy', message: 'hi all' }],
      }),
      200,
    );
    await heartbeat(t, token, []);
    await owner.next(frame('server.status'), 5_000, before);
    expect(owner.frames.slice(before).filter((f) => f.event === 'log.entry')).toEqual([]);
    expect(outsider.frames.map((f) => f.event)).toEqual(['ready']);
  });

  it('audit entries go to those who may see the audit log', async () => {
    const [owner, member] = await Promise.all([as('owner'), as('member')].map((p) => p.then(ready)));
    expectStatus(await crew.owner.agent.patch(`/api/servers/${serverId}`).send({ name: 'EU Main 2' }), 200);
    const entry = await owner.next(frame('audit.entry'));
    expect(entry.data.entry).toMatchObject({
      action: 'server.updated',
      targetId: serverId,
      actorName: 'Olivia Owner',
    });
    // Members learn the network changed, not who did what.
    await member.next(frame('network.changed'));
    expect(member.frames.filter((f) => f.event === 'audit.entry')).toEqual([]);
  });

  it('a new F7 report goes to those who work reports', async () => {
    const [moderator, member] = await Promise.all(
      [live({ jwt: crew.moderator.jwt }), as('member')].map((p) => p.then(ready)),
    );
    const at = new Date().toISOString();
    const report = { reporterSteamId: steamIdOf(1), targetSteamId: steamIdOf(2), message: 'aimbot' };
    expectStatus(
      await pluginCall(t, token, 'events', {
        events: [{ id: 'live-report', type: 'report', at, ...report }],
      }),
      200,
    );
    const changed = await moderator.next(frame('report.changed'));
    expect(changed.data).toMatchObject({
      networkId: crew.network.id,
      serverId,
      reportId: expect.any(String),
    });
    // The member sees the report's Logs line, never the inbox's event.
    await member.next(frame('log.entry'));
    expect(member.frames.filter((f) => f.event === 'report.changed')).toEqual([]);
  });
});

describe('membership changes take effect on the open stream', () => {
  it('a promoted member reads the console at once; a removed one receives nothing more', async () => {
    const { owner, member } = await (async () => {
      const extra = await signIn(t, { name: 'Lena Later' });
      const invite = expectStatus(
        await crew.owner.agent.post('/api/invites').send({ networkId: crew.network.id }),
        201,
      );
      const member = await ready(await live({ jwt: extra.jwt }));
      expectStatus(
        await extra.agent
          .post('/api/invites/join')
          .send({ inviteCode: (invite.body as { data: { code: string } }).data.code }),
        200,
      );
      // Joined while connected: the network's events reach the stream without a reconnect.
      await member.next(frame('network.changed'));
      return { owner: await ready(await as('owner')), member: Object.assign(member, { extra }) };
    })();
    await heartbeat(t, token, []);
    await member.next(frame('server.status', serverId));

    const memberId = await memberIdOf(crew.owner, crew.network.id, member.extra.user.id);
    expectStatus(
      await crew.owner.agent
        .patch(`/api/networks/${crew.network.id}/members/${memberId}`)
        .send({ role: 'admin' }),
      200,
    );
    const promoted = member.frames.length;
    expectStatus(await consoleLine('line-promoted', 'now an admin reads this'), 200);
    const line = await member.next(frame('console.entry'), 5_000, promoted);
    expect(line.data.entry).toMatchObject({ message: 'now an admin reads this' });

    const removed = member.frames.length;
    expectStatus(await crew.owner.agent.delete(`/api/networks/${crew.network.id}/members/${memberId}`), 200);
    await member.next(frame('network.changed'), 5_000, removed);
    const after = member.frames.length;
    expectStatus(await consoleLine('line-removed', 'not for former members'), 200);
    await heartbeat(t, token, []);
    await owner.next(
      (f) =>
        f.event === 'console.entry' &&
        (f.data.entry as { message?: string }).message === 'not for former members',
    );
    await owner.next(frame('server.status'), 5_000, owner.frames.length - 1);
    expect(member.frames.slice(after)).toEqual([]);
  });
});

describe('resuming', () => {
  it('replays what was missed after Last-Event-ID, in order, without repeats', async () => {
    const first = await ready(await as('owner'));
    await heartbeat(t, token, []);
    const seen = await first.next(frame('server.status'));
    first.close();
    await heartbeat(t, token, [{ steamId: steamIdOf(2), name: 'Missed' }]);
    await heartbeat(t, token, []);
    const again = await live({ jwt: crew.owner.jwt, lastEventId: seen.id });
    const left = await again.next(frame('player.left'));
    await again.next(frame('server.status'), 5_000, again.frames.indexOf(left));
    const events = again.frames.map((f) => f.event);
    // A heartbeat's players move first, then its status.
    expect(events).toEqual(['ready', 'player.joined', 'server.status', 'player.left', 'server.status']);
    const ids = again.frames.slice(1).map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(seen.id);
  });

  it.each(['zz0-1', '0-0', 'x'.repeat(90), '__proto__', '-1', '%00', 'a\u00e9b', '1e309'])(
    'tells the client to read everything again when the id is unknown, too old or malformed (%j)',
    async (lastEventId) => {
      const client = await live({ jwt: crew.owner.jwt, lastEventId });
      expect(client.status).toBe(200);
      await client.next(frame('refetch'));
      expect(client.frames.map((f) => f.event)).toEqual(['ready', 'refetch']);
    },
  );

  it('ignores query keys it does not know, and reads lastEventId from the query too', async () => {
    const base = await listening(t);
    const abort = new AbortController();
    const res = await fetch(`${base}/api/live?lastEventId=zz0-1&types=chat&limit=0&limit=9`, {
      headers: { 'X-API-Key': t.config.apiKey, Authorization: `Bearer ${crew.owner.jwt}` },
      signal: abort.signal,
    });
    // A repeated key is refused before any route, like everywhere else.
    expect(res.status).toBe(400);
    await res.body?.cancel();
    const ok = await fetch(`${base}/api/live?lastEventId=zz0-1&types=chat`, {
      headers: { 'X-API-Key': t.config.apiKey, Authorization: `Bearer ${crew.owner.jwt}` },
      signal: abort.signal,
    });
    expect(ok.status).toBe(200);
    const reader = ok.body!.getReader();
    let text = '';
    while (!text.includes('event: refetch')) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
  });
});

it("a network created while connected sends its events to the creator's open stream", async () => {
  const client = await ready(await live({ jwt: crew.owner.jwt }));
  const created = await createNetwork(crew.owner, 'Made While Watching');
  await client.next((f) => f.event === 'network.changed' && f.data.networkId === created.id);
  const fresh = await addServer(crew.owner, created.id, 'Fresh');
  await heartbeat(t, fresh.token, []);
  const status = await client.next(frame('server.status', fresh.id));
  expect(status.data).toMatchObject({ networkId: created.id, status: 'online' });
});

it('a deleted network stops its events and says so', async () => {
  const other = await createNetwork(crew.owner, 'Short Lived');
  const client = await ready(await live({ jwt: crew.owner.jwt }));
  expectStatus(await crew.owner.agent.delete(`/api/networks/${other.id}`), 200);
  const gone = await client.next((f) => f.event === 'network.changed' && f.data.networkId === other.id);
  expect(gone.data).toEqual({ type: 'network.changed', networkId: other.id });
});
