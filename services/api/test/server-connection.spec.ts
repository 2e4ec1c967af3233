// How a server is connected, whichever way: GET /api/servers/{id}/connection answers one view for
// the panel's own RCON connection, outpost-bridge (what it says of its RCON connection through
// POST /api/plugin/v1/agent-state, and its heartbeats) and a plugin, with the RCON address only
// for those who manage servers.
import type { AgentStateResponse, CreateServerResponse, ServerConnection } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { startWebRconEmulator, type WebRconEmulator } from '@outpost/rcon/testing';
import { CONNECTION_TEXTS, STOPPED_REPORTING } from '../src/modules/rcon/server-connection';
import { createTestApp, type TestApp } from './support';
import { ACTORS, MATRIX, agentOf, createCrew, expectStatus, type Crew } from './support/crew';
import { documentedBody } from './support/openapi';
import { addServer, pluginCall } from './support/plugin';
import { until } from './support/until';

const BRIDGE = 'outpost-bridge/0.1.0';
const REFUSED = '127.0.0.1:28016 refused the RCON password (it closed the connection during the handshake)';

describe('the connection view', () => {
  let t: TestApp;
  let crew: Crew;
  let emulator: WebRconEmulator;
  beforeAll(async () => {
    emulator = await startWebRconEmulator({ password: 'the right one' });
    t = await createTestApp();
    crew = await createCrew(t);
  });
  afterAll(async () => {
    await t.close();
    await emulator.stop();
  });

  const connectionOf = (serverId: string) => `/api/servers/${serverId}/connection`;
  const view = async (serverId: string, actor: 'owner' | 'admin' | 'member' | 'demo' = 'owner') =>
    expectStatus(await crew[actor].agent.get(connectionOf(serverId)), 200).body.data as ServerConnection;
  const agentState = (token: string, body: object, userAgent = BRIDGE) =>
    pluginCall(t, token, 'agent-state', body).set('User-Agent', userAgent);
  const beat = (token: string, userAgent?: string) => {
    const call = pluginCall(t, token, 'heartbeat', { maxPlayers: 100, players: [] });
    return userAgent ? call.set('User-Agent', userAgent) : call;
  };
  const knex = () => (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex }).getKnex();

  describe('GET /api/servers/:id/connection', () => {
    let server: CreateServerResponse;
    beforeAll(async () => {
      server = await addServer(crew.owner, crew.network.id, 'Matrix');
    });

    it.each(ACTORS)('%s', async (actor) => {
      const res = expectStatus(
        await agentOf(t, crew, actor).get(connectionOf(server.id)),
        MATRIX.read[actor],
      );
      if (actor === 'outsider') expect(res.body.error).toBe('Server not found');
    });

    it('says waiting, via nothing, before anything reported', async () => {
      expect(await view(server.id)).toEqual({
        via: null,
        state: 'waiting',
        detail: null,
        since: null,
        bridgeVersion: null,
      });
    });
  });

  describe('through the panel’s own RCON', () => {
    it('says the password was refused, with the address to managers only, since the refusal', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Panel refused');
      expectStatus(
        await crew.owner.agent
          .put(`/api/servers/${server.id}/rcon`)
          .send({ host: '127.0.0.1', port: emulator.port, password: 'not it' }),
        200,
      );
      const refused = await until(async () => {
        const now = await view(server.id);
        return now.state === 'wrong_password' && now;
      }, 'wrong_password');
      const rcon = expectStatus(await crew.owner.agent.get(`/api/servers/${server.id}/rcon`), 200).body.data;
      expect(refused).toEqual({
        via: 'panel',
        state: 'wrong_password',
        detail: expect.stringContaining(`127.0.0.1:${emulator.port} refused the RCON password`),
        since: rcon.refusedAt,
        bridgeVersion: null,
      });
      expect(await view(server.id, 'admin')).toEqual(refused);
      for (const actor of ['member', 'demo'] as const)
        expect(await view(server.id, actor)).toEqual({
          ...refused,
          detail: 'The game server refused the RCON password.',
        });

      // The right password: connected, and the heartbeats it brings do not make it a plugin.
      expectStatus(
        await crew.owner.agent
          .put(`/api/servers/${server.id}/rcon`)
          .send({ host: '127.0.0.1', port: emulator.port, password: 'the right one' }),
        200,
      );
      const connected = await until(async () => {
        const now = await view(server.id, 'member');
        return now.state === 'connected' && now;
      }, 'connected');
      expect(connected).toMatchObject({ via: 'panel', detail: null, since: expect.any(String) });
      await crew.owner.agent.delete(`/api/servers/${server.id}/rcon`).expect(200);
    });
  });

  describe('through the bridge', () => {
    it('says what the bridge said of its RCON connection until its heartbeats come', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Bridged');
      const since = new Date(Date.now() - 60_000).toISOString();
      const res = expectStatus(
        await agentState(server.token, { state: 'wrong_password', detail: REFUSED, since }),
        200,
      );
      expect(res.body.data as AgentStateResponse).toEqual({ state: 'wrong_password', since });
      const refused = { via: 'bridge', state: 'wrong_password', since, bridgeVersion: '0.1.0' };
      expect(await view(server.id)).toEqual({ ...refused, detail: REFUSED });
      expect(await view(server.id, 'member')).toEqual({
        ...refused,
        detail: CONNECTION_TEXTS.wrong_password,
      });
      // Its version is known before any heartbeat, from the same call.
      const read = expectStatus(await crew.owner.agent.get(`/api/servers/${server.id}`), 200);
      expect(read.body.data.agent).toMatchObject({ name: 'outpost-bridge', version: '0.1.0' });

      // Fixed and connected: the heartbeats that follow say connected, since it went online.
      expectStatus(
        await agentState(server.token, { state: 'connected', since: new Date().toISOString() }),
        200,
      );
      expectStatus(await beat(server.token, BRIDGE), 200);
      const connected = await view(server.id, 'member');
      expect(connected).toMatchObject({
        via: 'bridge',
        state: 'connected',
        detail: null,
        bridgeVersion: '0.1.0',
      });
      expect(Date.parse(connected.since!)).toBeGreaterThan(Date.parse(since));

      // It lost the game server: what it says now is newer than its last heartbeat.
      expectStatus(
        await agentState(server.token, {
          state: 'unreachable',
          detail: '127.0.0.1:28016 is unreachable (ECONNREFUSED)',
          since: new Date().toISOString(),
        }),
        200,
      );
      expect(await view(server.id)).toMatchObject({
        via: 'bridge',
        state: 'unreachable',
        detail: '127.0.0.1:28016 is unreachable (ECONNREFUSED)',
      });
      expect(await view(server.id, 'member')).toMatchObject({ detail: 'The game server does not answer.' });
    });

    it('takes a time ahead of the panel’s clock as now, and refuses what is not the protocol', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Clock ahead');
      const before = Date.now();
      const res = expectStatus(
        await agentState(server.token, { state: 'connecting', since: '2099-01-01T00:00:00Z' }),
        200,
      );
      const since = Date.parse((res.body.data as AgentStateResponse).since);
      expect(since).toBeGreaterThanOrEqual(before);
      expect(since).toBeLessThanOrEqual(Date.now());

      const unknown = expectStatus(
        await agentState(server.token, {
          state: 'connected',
          since: new Date().toISOString(),
          password: 'x',
        }),
        400,
      );
      expect(unknown.body.details).toEqual([
        { field: 'password', message: MESSAGES.unknownField('password') },
      ]);
      const badState = expectStatus(
        await agentState(server.token, { state: 'asleep', since: new Date().toISOString() }),
        400,
      );
      const stateMessage =
        'Invalid option: expected one of "connecting"|"connected"|"unreachable"|"wrong_password"';
      expect(badState.body).toMatchObject({
        error: stateMessage,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'state', message: stateMessage }],
      });
      expectStatus(
        await agentState(`${server.token}x`, { state: 'connected', since: new Date().toISOString() }),
        401,
      );
      expect(await view(server.id)).toMatchObject({ state: 'connecting' });
    });
  });

  describe('GET /api/docs-json', () => {
    it('documents the agent-state call of the plugin protocol with its body, and the connection view', async () => {
      expect(await documentedBody(t, 'post', '/api/plugin/v1/agent-state')).toMatchObject({
        type: 'object',
        required: ['state', 'since'],
        additionalProperties: false,
        properties: { state: { enum: ['connecting', 'connected', 'unreachable', 'wrong_password'] } },
        example: { state: 'wrong_password' },
      });
      const { body } = await t.http.get('/api/docs-json').expect(200);
      expect(body.paths['/api/servers/{id}/connection'].get.summary).toMatch(/^How the server is connected/);
    });
  });

  describe('through a plugin', () => {
    it('says connected while its heartbeats come, and unreachable once they stopped', async () => {
      const server = await addServer(crew.owner, crew.network.id, 'Plugin');
      expectStatus(await beat(server.token, 'Oxide.Ext.Outpost/1.0'), 200);
      const connected = await view(server.id, 'member');
      expect(connected).toEqual({
        via: 'plugin',
        state: 'connected',
        detail: null,
        since: expect.any(String),
        bridgeVersion: null,
      });
      // Missed heartbeats: the sweep sets it offline.
      await knex()('servers').where({ id: server.id }).update({ status: 'offline' });
      expect(await view(server.id, 'member')).toMatchObject({
        via: 'plugin',
        state: 'unreachable',
        detail: STOPPED_REPORTING,
      });
    });
  });
});
