import type { CommandsResponse, PluginCommand } from '@outpost/contracts';
import { Draining } from '../src/core/http';
import { CommandsService } from '../src/modules/commands/commands.service';
import { createTestApp, type TestApp } from './support';
import { createCrew, createWorld, expectStatus, type Crew } from './support/crew';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';

const WAIT_MESSAGE = 'wait must be a whole number of seconds from 0 to 30';

/** GET /api/plugin/v1/commands?wait=… as a plugin sends it. */
const poll = (t: TestApp, token: string, query: string) =>
  t.http.get(`/api/plugin/v1/commands${query}`).set('Authorization', `Bearer ${token}`);

const commandsOf = (res: { body: { data: CommandsResponse } }): PluginCommand[] => res.body.data.commands;

/**
 * Resolves once the long-poll of `serverId` has read the database and found nothing (so it waits
 * to be woken from then on).
 */
const waitingFor = (t: TestApp, serverId: string): Promise<void> => {
  const commands = t.app.get(CommandsService);
  const claim = commands.claim.bind(commands);
  return new Promise((resolve) => {
    const spy = jest.spyOn(commands, 'claim').mockImplementation(async (id, now) => {
      const claimed = await claim(id, now);
      if (id === serverId && claimed.length === 0) {
        spy.mockRestore();
        resolve();
      }
      return claimed;
    });
  });
};

describe('plugin API: the commands long-poll', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** A server with one player on it, and a kick of that player queued from the panel. */
  const kick = async (server: { id: string }, steamId: string) =>
    (
      expectStatus(
        await crew.owner.agent.post(`/api/players/${steamId}/kick`).send({ serverId: server.id }),
        201,
      ).body.data as { commandId: string }
    ).commandId;

  describe('GET /api/plugin/v1/commands', () => {
    it('answers as soon as a command is queued during the wait', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Waiting');
      const rex = { steamId: steamIdOf(301), name: 'Rex' };
      await heartbeat(t, server.token, [rex]);
      const waiting = waitingFor(t, server.id);
      const answer = poll(t, server.token, '?wait=30').then((res) => res);
      await waiting;
      const commandId = await kick(server, rex.steamId);
      const res = expectStatus(await answer, 200);
      expect(commandsOf(res)).toEqual([
        { id: commandId, type: 'kick', steamId: rex.steamId, reason: 'Kicked by administrator', name: 'Rex' },
      ]);
    });

    it('answers an empty list when the wait runs out, and at once with wait=0', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Quiet');
      expect(commandsOf(expectStatus(await poll(t, server.token, '?wait=1'), 200))).toEqual([]);
      expect(commandsOf(expectStatus(await poll(t, server.token, '?wait=0'), 200))).toEqual([]);
      expect(commandsOf(expectStatus(await poll(t, server.token, ''), 200))).toEqual([]);
    });

    it('hands a command out once; the heartbeat carries it until its result comes', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Once');
      const ada = { steamId: steamIdOf(302), name: 'Ada' };
      await heartbeat(t, server.token, [ada]);
      const commandId = await kick(server, ada.steamId);
      expect(commandsOf(expectStatus(await poll(t, server.token, '?wait=0'), 200))).toEqual([
        expect.objectContaining({ id: commandId, type: 'kick' }),
      ]);
      expect(commandsOf(expectStatus(await poll(t, server.token, '?wait=1'), 200))).toEqual([]);
      expect(await heartbeat(t, server.token, [ada])).toEqual([expect.objectContaining({ id: commandId })]);
      expectStatus(await pluginCall(t, server.token, `commands/${commandId}/result`, { ok: true }), 200);
      expect(await heartbeat(t, server.token, [ada])).toEqual([]);
    });

    it("never answers another server's command, and a command the heartbeat delivered is not answered again", async () => {
      const mine = await addServer(crew.owner, crew.network.id, 'Mine');
      const theirs = await addServer(crew.owner, crew.network.id, 'Theirs');
      const kim = { steamId: steamIdOf(303), name: 'Kim' };
      await heartbeat(t, theirs.token, [kim]);
      const commandId = await kick(theirs, kim.steamId);
      expect(commandsOf(expectStatus(await poll(t, mine.token, '?wait=0'), 200))).toEqual([]);
      expect(await heartbeat(t, theirs.token, [kim])).toEqual([expect.objectContaining({ id: commandId })]);
      expect(commandsOf(expectStatus(await poll(t, theirs.token, '?wait=0'), 200))).toEqual([]);
    });

    it.each([
      ['?wait=31', 'wait=31'],
      ['?wait=abc', 'wait=abc'],
      ['?wait=-1', 'a negative wait'],
      ['?wait=1.5', 'a fraction'],
      ['?wait=', 'an empty wait'],
    ])('answers 400 with the field for %s (%s)', async (query) => {
      const server = await addServer(crew.owner, crew.network.id, 'Bad wait');
      const res = expectStatus(await poll(t, server.token, query), 400);
      expect(res.body).toEqual({
        success: false,
        error: WAIT_MESSAGE,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'wait', message: WAIT_MESSAGE }],
      });
    });

    it('answers 400 naming the field for a repeated wait', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Twice wait');
      const res = expectStatus(await poll(t, server.token, '?wait=1&wait=2'), 400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.details).toEqual([{ field: 'wait', message: expect.any(String) }]);
    });

    it('answers 401 without a token or with a wrong one', async () => {
      expectStatus(await t.http.get('/api/plugin/v1/commands?wait=0'), 401);
      expectStatus(await poll(t, 'opsrv_0000000000000000_nope', '?wait=0'), 401);
      // A user's session is not a server token.
      expectStatus(await crew.owner.agent.get('/api/plugin/v1/commands?wait=0'), 401);
    });
  });

  describe('GET /api/docs-json', () => {
    it('documents the long-poll with its wait and both kinds of command', async () => {
      const { body } = await t.http.get('/api/docs-json').expect(200);
      const route = body.paths['/api/plugin/v1/commands'].get;
      expect(route.parameters).toEqual([
        expect.objectContaining({
          name: 'wait',
          in: 'query',
          required: false,
          schema: { type: 'integer', minimum: 0, maximum: 30 },
        }),
      ]);
      expect(route.responses['200'].content['application/json'].schema.example.data.commands).toEqual([
        expect.objectContaining({ type: 'kick', steamId: expect.any(String), reason: expect.any(String) }),
        expect.objectContaining({ type: 'console', command: expect.any(String) }),
      ]);
      expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
      const heartbeatExample =
        body.paths['/api/plugin/v1/heartbeat'].post.responses['200'].content['application/json'].schema
          .example;
      expect(heartbeatExample.data.commands.map((command: PluginCommand) => command.type)).toEqual([
        'kick',
        'console',
      ]);
    });
  });
});

describe('plugin API: the long-poll on shutdown', () => {
  it('answers a waiting long-poll with an empty list as soon as the server starts draining', async () => {
    const t = await createTestApp();
    try {
      const crew = await createCrew(t);
      const server = await addServer(crew.owner, crew.network.id, 'Draining');
      const waiting = waitingFor(t, server.id);
      const answer = poll(t, server.token, '?wait=30').then((res) => res);
      await waiting;
      t.app.get(Draining).start();
      expect(commandsOf(expectStatus(await answer, 200))).toEqual([]);
      // A long-poll that arrives while draining answers at once too.
      expect(commandsOf(expectStatus(await poll(t, server.token, '?wait=30'), 200))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('answers a waiting long-poll with an empty list when the app shuts down', async () => {
    const t = await createTestApp();
    const crew = await createCrew(t);
    const server = await addServer(crew.owner, crew.network.id, 'Stopping');
    const waiting = waitingFor(t, server.id);
    const answer = poll(t, server.token, '?wait=30').then((res) => res);
    await waiting;
    // Closing waits for open requests: without the shutdown hook this takes the full 30 s and the
    // test runs out of time.
    await t.close();
    const res = expectStatus(await answer, 200);
    expect(commandsOf(res)).toEqual([]);
  });
});
