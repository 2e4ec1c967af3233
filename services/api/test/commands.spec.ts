import { PLAYER_COMMAND_TTL_SECONDS, type CommandItem, type CreateServerResponse } from '@outpost/contracts';
import { DomainEvents, type CommandCompletedEvent } from '../src/core/events';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import type { TestApp } from './support';
import { ACTORS, agentOf, createWorld, expectStatus, statusesFor, type Crew } from './support/crew';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';

const TTL_MS = PLAYER_COMMAND_TTL_SECONDS * 1000;

describe('commands API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let server: CreateServerResponse;
  const rex = { steamId: steamIdOf(501), name: 'Rex' };
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    server = await addServer(crew.owner, crew.network.id, 'Commands');
    await heartbeat(t, server.token, [rex]);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const kick = async (serverId = server.id, steamId = rex.steamId) =>
    (
      expectStatus(
        await crew.moderator.agent.post(`/api/players/${steamId}/kick`).send({ serverId, reason: 'Camping' }),
        201,
      ).body.data as { commandId: string }
    ).commandId;
  const read = async (commandId: string, serverId = server.id) =>
    expectStatus(await crew.owner.agent.get(`/api/servers/${serverId}/commands/${commandId}`), 200).body
      .data as CommandItem;
  const result = (commandId: string, body: unknown, token = server.token) =>
    pluginCall(t, token, `commands/${commandId}/result`, body);

  describe('GET /api/servers/:id/commands/:commandId', () => {
    let commandId: string;
    beforeAll(async () => {
      commandId = await kick();
    });

    it.each(ACTORS)('answers %s as the role matrix says (the console read)', async (actor) => {
      const res = await agentOf(t, crew, actor).get(`/api/servers/${server.id}/commands/${commandId}`);
      expectStatus(res, statusesFor('console.read')[actor]);
      if (actor === 'outsider')
        expect(res.body).toMatchObject({ code: 'NOT_FOUND', error: 'Server not found' });
      if (actor === 'anonymous') expect(res.body).toMatchObject({ success: false });
      if (actor === 'member') expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('answers the command, pending with the time it expires, then what the game answered', async () => {
      const sent = await read(commandId);
      expect(sent).toEqual<CommandItem>({
        id: commandId,
        serverId: server.id,
        type: 'kick',
        status: 'pending',
        output: null,
        createdAt: expect.any(String),
        deliveredAt: null,
        completedAt: null,
        expiresAt: new Date(Date.parse(sent.createdAt) + TTL_MS).toISOString(),
      });
      const delivered = await heartbeat(t, server.token, [rex]);
      expect(delivered.map((command) => command.id)).toContain(commandId);
      expect(await read(commandId)).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
      expectStatus(await result(commandId, { ok: true, output: 'Kicked Rex (Camping)' }), 200);
      expect(await read(commandId)).toMatchObject({
        status: 'succeeded',
        output: 'Kicked Rex (Camping)',
        completedAt: expect.any(String),
      });
    });

    it("answers a failure with the game's output", async () => {
      await heartbeat(t, server.token, [rex]);
      const id = await kick();
      await heartbeat(t, server.token, [rex]);
      expectStatus(await result(id, { ok: false, output: 'Player not found' }), 200);
      expect(await read(id)).toMatchObject({ status: 'failed', output: 'Player not found' });
    });

    it('answers 404 for an unknown command id, a malformed one, and one of another server', async () => {
      const base = `/api/servers/${server.id}/commands`;
      for (const id of ['5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f', 'not-an-id', '%20'])
        expect(expectStatus(await crew.owner.agent.get(`${base}/${id}`), 404).body).toMatchObject({
          code: 'NOT_FOUND',
          error: 'Command not found',
        });
      const sibling = await addServer(crew.owner, crew.network.id, 'Sibling');
      expectStatus(await crew.owner.agent.get(`/api/servers/${sibling.id}/commands/${commandId}`), 404);
    });

    it("answers 404 for an unknown server and for another network's command", async () => {
      expectStatus(await crew.owner.agent.get(`/api/servers/no-such-server/commands/${commandId}`), 404);
      const theirs = await addServer(other.owner, other.network.id, 'Theirs');
      const res = await crew.owner.agent.get(`/api/servers/${theirs.id}/commands/${commandId}`);
      expect(expectStatus(res, 404).body).toMatchObject({ error: 'Server not found' });
      // Their owner does not reach ours through their server either.
      expectStatus(await other.owner.agent.get(`/api/servers/${theirs.id}/commands/${commandId}`), 404);
    });
  });

  describe('kicks and warns expire', () => {
    it(`a kick not carried out in ${PLAYER_COMMAND_TTL_SECONDS / 60} min expires on the sweep, once, and is never handed out after`, async () => {
      const quiet = await addServer(crew.owner, crew.network.id, 'Goes quiet');
      await heartbeat(t, quiet.token, [rex]);
      const id = await kick(quiet.id);
      const completed: CommandCompletedEvent[] = [];
      const off = t.app.get(DomainEvents).on('command.completed', (event) => {
        if (event.commandId === id) completed.push(event);
      });
      try {
        const clock = t.app.get(PluginClock);
        const sweeper = t.app.get(OfflineSweepService);
        const createdAt = Date.parse((await read(id, quiet.id)).createdAt);
        // Just before its time it still waits.
        jest.spyOn(clock, 'now').mockReturnValue(new Date(createdAt + TTL_MS - 1000));
        await sweeper.sweep();
        expect(await read(id, quiet.id)).toMatchObject({ status: 'pending' });
        jest.spyOn(clock, 'now').mockReturnValue(new Date(createdAt + TTL_MS + 1000));
        await sweeper.sweep();
        await sweeper.sweep();
        expect(await read(id, quiet.id)).toMatchObject({ status: 'expired', output: null });
        expect(completed).toEqual([
          expect.objectContaining({
            status: 'expired',
            type: 'kick',
            serverId: quiet.id,
            punishmentId: expect.any(String),
          }),
        ]);
        // The server comes back: neither its heartbeat nor its long-poll runs the kick now.
        expect(await heartbeat(t, quiet.token, [rex])).toEqual([]);
        const polled = expectStatus(
          await t.http.get('/api/plugin/v1/commands?wait=0').set('Authorization', `Bearer ${quiet.token}`),
          200,
        ).body.data as { commands: unknown[] };
        expect(polled.commands).toEqual([]);
        // A late report changes nothing.
        expect(expectStatus(await result(id, { ok: true }, quiet.token), 200).body.data).toEqual({
          id,
          status: 'expired',
        });
        expect(await read(id, quiet.id)).toMatchObject({ status: 'expired' });
      } finally {
        off();
      }
    });

    it('a kick past its time is not handed out even before the sweep records it', async () => {
      const late = await addServer(crew.owner, crew.network.id, 'Late');
      await heartbeat(t, late.token, [rex]);
      const id = await kick(late.id);
      const createdAt = Date.parse((await read(id, late.id)).createdAt);
      jest.spyOn(t.app.get(PluginClock), 'now').mockReturnValue(new Date(createdAt + TTL_MS + 1000));
      expect(await heartbeat(t, late.token, [rex])).toEqual([]);
    });

    it('bans do not expire: a ban waits for its server however long it is down', async () => {
      const away = await addServer(crew.owner, crew.network.id, 'Away');
      const ada = { steamId: steamIdOf(502), name: 'Ada' };
      await heartbeat(t, away.token, [ada]);
      const res = await crew.owner.agent
        .post(`/api/players/${ada.steamId}/ban`)
        .send({ serverId: away.id, reason: 'Cheating', duration: '7d', scope: 'server' });
      const { commandId } = expectStatus(res, 201).body.data as { commandId: string };
      expect((await read(commandId, away.id)).expiresAt).toBeNull();
      const clock = t.app.get(PluginClock);
      jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 2 * 3600_000));
      await t.app.get(OfflineSweepService).sweep();
      expect(await read(commandId, away.id)).toMatchObject({ status: 'pending' });
      const delivered = await heartbeat(t, away.token, []);
      expect(delivered.map((command) => command.id)).toContain(commandId);
    });
  });
});
