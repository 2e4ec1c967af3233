import { RequestContext } from '@mikro-orm/core';
import {
  DEFAULT_MAX_PLAYERS,
  STATUS_GRADIENTS,
  type CreateServerResponse,
  type Server,
} from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { ServersService } from '../src/modules/servers/servers.service';
import type { TestApp } from './support';
import {
  ACTORS,
  MATRIX,
  agentOf,
  countRows,
  createWorld,
  expectStatus,
  type Actor,
  type Crew,
} from './support/crew';

const STAFF_WRITES: Record<Actor, number> = MATRIX.staff;
const READS: Record<Actor, number> = MATRIX.read;

describe('servers API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
  });
  afterAll(() => t.close());

  const addServer = async (name = 'EU Main', by = crew.owner, networkId = crew.network.id) =>
    (
      await by.agent
        .post(`/api/servers/network/${networkId}`)
        .send({ name, connectionAddress: '203.0.113.10:28015' })
        .expect(201)
    ).body.data as CreateServerResponse;
  /** What the plugin API will do with a token: find its server, or nothing. */
  const serverOfToken = (token: string) =>
    RequestContext.create(t.orm.em, () => t.app.get(ServersService).findByToken(token));

  describe('GET /api/servers/network/:networkId', () => {
    it.each(ACTORS)('%s', async (actor) => {
      expectStatus(
        await agentOf(t, crew, actor).get(`/api/servers/network/${crew.network.id}`),
        READS[actor],
      );
    });

    it('lists the servers with the spec fields and never a token', async () => {
      const created = await addServer('Listed');
      const res = await crew.member.agent.get(`/api/servers/network/${crew.network.id}`).expect(200);
      const listed = (res.body.data as Server[]).find((server) => server.id === created.id);
      expect(listed).toMatchObject({ name: 'Listed', status: 'offline', maxPlayers: DEFAULT_MAX_PLAYERS });
      expect(JSON.stringify(res.body)).not.toContain(created.token);
      expect(JSON.stringify(res.body)).not.toMatch(/token/i);
    });
  });

  describe('POST /api/servers/network/:networkId', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const before = await countRows(t, 'servers', { network_id: crew.network.id });
      const res = await agentOf(t, crew, actor)
        .post(`/api/servers/network/${crew.network.id}`)
        .send({ name: `By ${actor}` });
      expectStatus(res, STAFF_WRITES[actor] === 200 ? 201 : STAFF_WRITES[actor]);
      expect(await countRows(t, 'servers', { network_id: crew.network.id })).toBe(
        before + (res.status === 201 ? 1 : 0),
      );
    });

    it('answers the server with its token once; the token works and only its hash is stored', async () => {
      const created = await addServer('Token Test');
      expect(created).toEqual({
        id: expect.any(String),
        networkId: crew.network.id,
        name: 'Token Test',
        actualName: null,
        status: 'offline',
        address: '203.0.113.10:28015',
        connectionAddress: '203.0.113.10:28015',
        playerCount: 0,
        maxPlayers: 8,
        map: null,
        uptime: 0,
        gradient: STATUS_GRADIENTS.offline,
        lastSeenAt: null,
        createdAt: expect.any(String),
        banCheckPath: expect.stringMatching(/^\/api\/plugin\/v1\/ban-check\/[0-9a-f-]{36}\/[0-9a-f]{32}\/$/),
        reportsPath: expect.stringMatching(/^\/api\/plugin\/v1\/reports\/[0-9a-f-]{36}\/[0-9a-f]{32}$/),
        reportsKey: expect.stringMatching(/^[0-9a-f]{32}$/),
        agent: null,
        token: expect.stringMatching(/^opsrv_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/),
      });
      expect((await serverOfToken(created.token))?.id).toBe(created.id);
      expect(await countRows(t, 'servers', { token_hash: created.token })).toBe(0);
      const read = await crew.owner.agent.get(`/api/servers/${created.id}`).expect(200);
      expect(read.body.data.token).toBeUndefined();
    });

    it.each([
      [{}, MESSAGES.serverNameRequired],
      [{ name: '   ' }, MESSAGES.serverNameRequired],
      [{ name: 'x'.repeat(51) }, MESSAGES.serverNameTooLong],
      [{ name: '<script>alert(1)</script>' }, MESSAGES.serverNameInvalidChars],
      [{ name: 'Drop; table' }, MESSAGES.serverNameInvalidChars],
      [{ name: 'Ok', connectionAddress: 'not an address' }, MESSAGES.addressFormat],
      [{ name: 'Ok', connectionAddress: '1.2.3.4:99999' }, MESSAGES.addressFormat],
      [{ name: 'Ok', tokenHash: 'x' }, MESSAGES.unknownField('tokenHash')],
    ])('refuses %j with 400 "%s" and adds nothing', async (body, message) => {
      const before = await countRows(t, 'servers');
      const res = await crew.owner.agent
        .post(`/api/servers/network/${crew.network.id}`)
        .send(body)
        .expect(400);
      expect(res.body).toMatchObject({ success: false, error: message, code: 'VALIDATION_FAILED' });
      expect(await countRows(t, 'servers')).toBe(before);
    });

    it('keeps the allowed punctuation and accepts DOMAIN:PORT', async () => {
      const res = await crew.admin.agent
        .post(`/api/servers/network/${crew.network.id}`)
        .send({ name: ' [EU] #1 (Main) {x2}_max-3. ', connectionAddress: 'play.example.com:28015' })
        .expect(201);
      expect(res.body.data).toMatchObject({
        name: '[EU] #1 (Main) {x2}_max-3.',
        connectionAddress: 'play.example.com:28015',
      });
    });
  });

  describe('GET /api/servers/:id', () => {
    let server: CreateServerResponse;
    beforeAll(async () => {
      server = await addServer('Readable');
    });
    it.each(ACTORS)('%s', async (actor) => {
      const res = expectStatus(await agentOf(t, crew, actor).get(`/api/servers/${server.id}`), READS[actor]);
      if (actor === 'outsider') expect(res.body.error).toBe('Server not found');
    });
  });

  describe('PATCH /api/servers/:id', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const server = await addServer('Before');
      expectStatus(
        await agentOf(t, crew, actor).patch(`/api/servers/${server.id}`).send({ name: 'After' }),
        STAFF_WRITES[actor],
      );
      const read = await crew.owner.agent.get(`/api/servers/${server.id}`).expect(200);
      expect(read.body.data.name).toBe(STAFF_WRITES[actor] === 200 ? 'After' : 'Before');
    });

    it('changes name, address and gradient; refuses other fields', async () => {
      const server = await addServer('Patchable');
      const gradient = { from: '#8b5cf6', to: '#6d28d9', direction: '45deg' };
      const res = await crew.admin.agent
        .patch(`/api/servers/${server.id}`)
        .send({ name: 'Patched', connectionAddress: '10.0.0.1:28016', gradient })
        .expect(200);
      expect(res.body.data).toMatchObject({ name: 'Patched', connectionAddress: '10.0.0.1:28016', gradient });
      for (const [body, message] of [
        [{ networkId: other.network.id }, MESSAGES.unknownField('networkId')],
        [{ name: '' }, MESSAGES.serverNameRequired],
        [{ connectionAddress: 'x'.repeat(256) }, MESSAGES.addressTooLong],
      ] as const) {
        expect(
          (await crew.owner.agent.patch(`/api/servers/${server.id}`).send(body).expect(400)).body.error,
        ).toBe(message);
      }
      expect((await crew.owner.agent.get(`/api/servers/${server.id}`).expect(200)).body.data.networkId).toBe(
        crew.network.id,
      );
    });
  });

  describe('DELETE /api/servers/:id', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const server = await addServer('Deletable');
      expectStatus(await agentOf(t, crew, actor).delete(`/api/servers/${server.id}`), STAFF_WRITES[actor]);
      expect(await countRows(t, 'servers', { id: server.id })).toBe(STAFF_WRITES[actor] === 200 ? 0 : 1);
    });

    it('IDOR: a server of another network answers 404 and stays', async () => {
      const foreign = await addServer('Foreign', other.owner, other.network.id);
      const res = await crew.owner.agent.delete(`/api/servers/${foreign.id}`).expect(404);
      expect(res.body.error).toBe('Server not found');
      expect(await countRows(t, 'servers', { id: foreign.id })).toBe(1);
    });
  });

  describe('POST /api/servers/:id/token', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const server = await addServer('Rotatable');
      const res = expectStatus(
        await agentOf(t, crew, actor).post(`/api/servers/${server.id}/token`),
        STAFF_WRITES[actor],
      );
      const rotated = STAFF_WRITES[actor] === 200;
      expect((await serverOfToken(server.token))?.id ?? null).toBe(rotated ? null : server.id);
      if (rotated) expect((await serverOfToken(res.body.data.token))?.id).toBe(server.id);
    });

    it('kills the old token at once and answers a new one', async () => {
      const server = await addServer('Rotated');
      const res = await crew.owner.agent.post(`/api/servers/${server.id}/token`).expect(200);
      expect(res.body.data).toEqual({ id: server.id, token: expect.stringMatching(/^opsrv_/) });
      expect(res.body.data.token).not.toBe(server.token);
      expect(await serverOfToken(server.token)).toBeNull();
      expect((await serverOfToken(res.body.data.token))?.id).toBe(server.id);
      // A forged token with the right public id but another secret does not match.
      const forged = `${res.body.data.token.slice(0, 23)}${'A'.repeat(43)}`;
      expect(await serverOfToken(forged)).toBeNull();
    });

    it('IDOR: rotating a server of another network answers 404 and its token still works', async () => {
      const foreign = await addServer('Foreign Token', other.owner, other.network.id);
      await crew.admin.agent.post(`/api/servers/${foreign.id}/token`).expect(404);
      expect((await serverOfToken(foreign.token))?.id).toBe(foreign.id);
    });
  });
});
