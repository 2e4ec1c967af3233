import type { AuditListResponse, CreateServerResponse, RconStatus } from '@outpost/contracts';
import { MESSAGES, NUL_MESSAGE, RCON_LIMITS } from '@outpost/validation';
import { statSync } from 'node:fs';
import path from 'node:path';
import { SECRETS_KEY_FILE } from '../src/core/config';
import { SecretBox } from '../src/core/secrets';
import {
  RCON_ERRORS,
  RCON_SETTINGS_PER_WINDOW,
  RCON_SETTINGS_WINDOW_MINUTES,
} from '../src/modules/rcon/rcon.errors';
import { RconConnections } from '../src/modules/rcon/rcon-connections';
import { createTestApp, type TestApp } from './support';
import { ACTORS, MATRIX, agentOf, countRows, createWorld, expectStatus, type Crew } from './support/crew';
import { addServer } from './support/plugin';

const STAFF = MATRIX.staff;
/** Port 1 on loopback refuses at once: these suites test the settings, not a connection. */
const SETTINGS = { host: '127.0.0.1', port: 1, password: 'correct horse battery staple' };

/** The row as stored, straight from the database. */
const rconRow = async (t: TestApp, serverId: string) => {
  const knex = (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex }).getKnex();
  return (await knex('server_rcon').where({ server_id: serverId }).first()) as
    Record<string, unknown> | undefined;
};

describe('RCON settings API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
  });
  afterAll(() => t.close());

  const rconOf = (serverId: string) => `/api/servers/${serverId}/rcon`;
  const newServer = (name = 'EU Main'): Promise<CreateServerResponse> =>
    addServer(crew.owner, crew.network.id, name);
  const setRcon = async (serverId: string, body: object = SETTINGS) =>
    expectStatus(await crew.owner.agent.put(rconOf(serverId)).send(body), 200);
  const auditActions = async () =>
    (
      (await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit?limit=100`).expect(200)).body
        .data as AuditListResponse
    ).entries;

  describe('PUT /api/servers/:id/rcon', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const server = await newServer(`Put by ${actor}`);
      const res = expectStatus(
        await agentOf(t, crew, actor).put(rconOf(server.id)).send(SETTINGS),
        STAFF[actor],
      );
      expect(await countRows(t, 'server_rcon', { server_id: server.id })).toBe(res.status === 200 ? 1 : 0);
      if (actor === 'outsider') expect(res.body.error).toBe('Server not found');
    });

    it('answers host, port and the state connecting; never the password', async () => {
      const server = await newServer();
      const res = await setRcon(server.id);
      expect(res.body).toEqual({
        success: true,
        data: { host: '127.0.0.1', port: 1, state: 'connecting' },
      });
    });

    it('stores the password encrypted (AES-256-GCM, bound to its server), never in plain text', async () => {
      const server = await newServer();
      await setRcon(server.id);
      const row = await rconRow(t, server.id);
      const sealed = String(row?.password_sealed);
      expect(JSON.stringify(row)).not.toContain(SETTINGS.password);
      expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
      const box = t.app.get(SecretBox);
      expect(box.open(sealed, server.id)).toBe(SETTINGS.password);
      expect(box.open(sealed, 'another-server')).toBeNull();
      // Each save seals with a fresh IV.
      await setRcon(server.id);
      expect(String((await rconRow(t, server.id))?.password_sealed)).not.toBe(sealed);
    });

    it('generates the key into DATA_DIR/secrets-key (mode 600) when SECRETS_KEY is unset', () => {
      const stat = statSync(path.join(t.config.dataDir, SECRETS_KEY_FILE));
      expect(stat.mode & 0o777).toBe(0o600);
    });

    it('replaces the settings of a server that has them (one row), and accepts LAN and IPv6 hosts', async () => {
      const server = await newServer();
      await setRcon(server.id);
      for (const host of ['192.168.1.20', 'rust-box.lan', '::1']) {
        const res = await setRcon(server.id, { ...SETTINGS, host, port: 28016 });
        expect(res.body.data).toEqual({
          host: host === '::1' ? '[::1]' : host,
          port: 28016,
          state: 'connecting',
        });
      }
      expect(await countRows(t, 'server_rcon', { server_id: server.id })).toBe(1);
      expect(await rconRow(t, server.id)).toMatchObject({ host: '[::1]', port: 28016, revision: 4 });
    });

    it.each([
      [{ ...SETTINGS, host: undefined }, 'host', MESSAGES.rconHostRequired],
      [{ ...SETTINGS, host: '' }, 'host', MESSAGES.rconHostRequired],
      [{ ...SETTINGS, host: 'a'.repeat(RCON_LIMITS.host + 1) }, 'host', MESSAGES.rconHostTooLong],
      [{ ...SETTINGS, host: 'ws://10.0.0.5:28016' }, 'host', MESSAGES.rconHostInvalid],
      [{ ...SETTINGS, port: 0 }, 'port', MESSAGES.rconPort],
      [{ ...SETTINGS, port: 65536 }, 'port', MESSAGES.rconPort],
      [{ ...SETTINGS, port: 'abc' }, 'port', MESSAGES.rconPort],
      [{ ...SETTINGS, port: 1.5 }, 'port', MESSAGES.rconPort],
      [{ ...SETTINGS, password: '' }, 'password', MESSAGES.rconPasswordRequired],
      [{ ...SETTINGS, password: undefined }, 'password', MESSAGES.rconPasswordRequired],
      [
        { ...SETTINGS, password: 'x'.repeat(RCON_LIMITS.password + 1) },
        'password',
        MESSAGES.rconPasswordTooLong,
      ],
      // The API refuses a NUL anywhere before any route (its own message, naming the field).
      [{ ...SETTINGS, password: 'a\u0000b' }, 'password', NUL_MESSAGE],
      [{ ...SETTINGS, state: 'connected' }, 'state', MESSAGES.unknownField('state')],
    ])('refuses %j with 400 naming %s, and stores nothing', async (body, field, message) => {
      const server = await newServer();
      const res = await crew.owner.agent.put(rconOf(server.id)).send(body).expect(400);
      expect(res.body).toMatchObject({
        success: false,
        error: message,
        code: 'VALIDATION_FAILED',
        details: [{ field, message }],
      });
      expect(await countRows(t, 'server_rcon', { server_id: server.id })).toBe(0);
    });

    it('keeps the stored settings when a change is refused', async () => {
      const server = await newServer();
      await setRcon(server.id);
      await crew.owner.agent
        .put(rconOf(server.id))
        .send({ ...SETTINGS, port: 0 })
        .expect(400);
      expect(await rconRow(t, server.id)).toMatchObject({ host: '127.0.0.1', port: 1, revision: 1 });
    });

    it('IDOR: a server of another network answers 404 and gets nothing', async () => {
      const foreign = await addServer(other.owner, other.network.id, 'Foreign');
      const res = await crew.owner.agent.put(rconOf(foreign.id)).send(SETTINGS).expect(404);
      expect(res.body.error).toBe('Server not found');
      expect(await countRows(t, 'server_rcon', { server_id: foreign.id })).toBe(0);
    });

    const LINK_LOCAL = 'link-local rule (169.254.0.0/16, fe80::/10): link-local addresses are never dialled';
    const METADATA =
      'cloud-metadata rule (fd00:ec2::254/128, 100.100.100.200/32): cloud metadata addresses are never dialled';
    it.each([
      ['169.254.169.254', LINK_LOCAL],
      ['fe80::1', LINK_LOCAL],
      ['fd00:ec2::254', METADATA],
      ['100.100.100.200', METADATA],
    ])('refuses the host %s with 400 naming the rule, and stores nothing', async (host, rule) => {
      const server = await newServer();
      const res = await crew.owner.agent
        .put(rconOf(server.id))
        .send({ ...SETTINGS, host })
        .expect(400);
      const message = `${host.includes(':') ? `[${host}]` : host} is refused by the ${rule}`;
      expect(res.body).toEqual({
        success: false,
        error: message,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'host', message }],
      });
      expect(await countRows(t, 'server_rcon', { server_id: server.id })).toBe(0);
    });

    it('writes who set it to the audit log, without the password', async () => {
      const server = await newServer('Audited');
      await expectStatus(await crew.admin.agent.put(rconOf(server.id)).send(SETTINGS), 200);
      const entries = await auditActions();
      expect(entries.find((e) => e.action === 'server.rconSet' && e.targetId === server.id)).toMatchObject({
        actorName: 'Adam Admin',
        targetType: 'server',
        targetName: 'Audited',
      });
      expect(JSON.stringify(entries)).not.toContain(SETTINGS.password);
    });
  });

  describe('GET /api/servers/:id/rcon', () => {
    let server: CreateServerResponse;
    beforeAll(async () => {
      server = await newServer('Readable');
      await setRcon(server.id);
    });

    it.each(ACTORS)('%s', async (actor) => {
      const res = expectStatus(await agentOf(t, crew, actor).get(rconOf(server.id)), STAFF[actor]);
      if (actor === 'outsider') expect(res.body.error).toBe('Server not found');
    });

    it('answers the address and the state, never the password', async () => {
      const res = await crew.admin.agent.get(rconOf(server.id)).expect(200);
      const status = res.body.data as RconStatus;
      expect(Object.keys(status).sort()).toEqual([
        'connectedAt',
        'host',
        'lastError',
        'port',
        'refusedAt',
        'state',
      ]);
      expect(status).toMatchObject({ host: '127.0.0.1', port: 1 });
      expect(['connecting', 'unreachable']).toContain(status.state);
      expect(JSON.stringify(res.body)).not.toContain(SETTINGS.password);
    });

    // A server connected by a plugin or the bridge has none: its page asks, and no 404 is logged.
    it('answers data null for a server that has none set', async () => {
      const bare = await newServer('No RCON');
      const res = await crew.owner.agent.get(rconOf(bare.id)).expect(200);
      expect(res.body).toEqual({ success: true, data: null });
    });
  });

  describe('DELETE /api/servers/:id/rcon', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const server = await newServer(`Delete by ${actor}`);
      await setRcon(server.id);
      const res = expectStatus(await agentOf(t, crew, actor).delete(rconOf(server.id)), STAFF[actor]);
      expect(await countRows(t, 'server_rcon', { server_id: server.id })).toBe(res.status === 200 ? 0 : 1);
    });

    it('answers data null, then the settings are gone (GET null) and the removal is audited', async () => {
      const server = await newServer('Removable');
      await setRcon(server.id);
      const res = await crew.owner.agent.delete(rconOf(server.id)).expect(200);
      expect(res.body).toEqual({ success: true, data: null });
      expect((await crew.owner.agent.get(rconOf(server.id)).expect(200)).body.data).toBeNull();
      expect(
        (await auditActions()).some((e) => e.action === 'server.rconRemoved' && e.targetId === server.id),
      ).toBe(true);
    });

    it('answers 404 when there is nothing to remove', async () => {
      const server = await newServer('Nothing set');
      const res = await crew.owner.agent.delete(rconOf(server.id)).expect(404);
      expect(res.body.error).toBe(RCON_ERRORS.notSet.message);
    });
  });

  describe('POST /api/servers/:id/rcon/retry', () => {
    const retryOf = (serverId: string) => `/api/servers/${serverId}/rcon/retry`;
    // One server for the matrix: every save counts against the owner's limit.
    let server: CreateServerResponse;
    beforeAll(async () => {
      server = await newServer('Retried');
      await setRcon(server.id);
    });

    it.each(ACTORS)('%s', async (actor) => {
      const before = await rconRow(t, server.id);
      const res = expectStatus(await agentOf(t, crew, actor).post(retryOf(server.id)), STAFF[actor]);
      if (actor === 'outsider') expect(res.body.error).toBe('Server not found');
      expect((await rconRow(t, server.id))?.retries).toBe(
        Number(before?.retries) + (res.status === 200 ? 1 : 0),
      );
    });

    it('answers the state, clears the refusal (a new connection dials at once too) and is audited', async () => {
      const server = await newServer('Try again');
      await setRcon(server.id);
      const knex = (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex }).getKnex();
      // Its connection ended here (its failures would overwrite the state), and a refusal written
      // as a connection writes one: a connection started now would wait out its 10 minutes.
      await t.app.get(RconConnections).stop(server.id);
      const refusedAt = new Date();
      await knex('server_rcon')
        .where({ server_id: server.id })
        .update({
          state: 'wrong_password',
          last_error: 'refused',
          refused_at: t.orm.em.getPlatform().processDateProperty(refusedAt),
        });
      const refused = (await crew.owner.agent.get(rconOf(server.id)).expect(200)).body.data as RconStatus;
      expect(refused).toMatchObject({ state: 'wrong_password', refusedAt: refusedAt.toISOString() });

      const res = await crew.admin.agent.post(retryOf(server.id)).expect(200);
      const status = res.body.data as RconStatus;
      expect(status).toMatchObject({ host: '127.0.0.1', port: 1, refusedAt: null, connectedAt: null });
      // Port 1 refuses at once: by the answer the new dial may have failed already.
      expect(['connecting', 'unreachable']).toContain(status.state);
      expect(await rconRow(t, server.id)).toMatchObject({ refused_at: null, revision: 1 });
      expect(
        (await auditActions()).find((e) => e.action === 'server.rconRetried' && e.targetId === server.id),
      ).toMatchObject({ actorName: 'Adam Admin', targetType: 'server', targetName: 'Try again' });
    });

    it('answers 404 for a server that has none set', async () => {
      const bare = await newServer('Nothing to retry');
      const res = await crew.owner.agent.post(retryOf(bare.id)).expect(404);
      expect(res.body.error).toBe(RCON_ERRORS.notSet.message);
    });
  });

  describe('GET /api/docs-json', () => {
    it('documents the three RCON routes, the body schema of PUT included', async () => {
      const res = await t.http.get('/api/docs-json').expect(200);
      const rcon = res.body.paths['/api/servers/{id}/rcon'] as Record<
        string,
        { summary?: string; requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }
      >;
      expect(Object.keys(rcon).sort()).toEqual(['delete', 'get', 'put']);
      expect(res.body.paths['/api/servers/{id}/rcon/retry'].post.summary).toMatch(/^Try again/);
      for (const operation of Object.values(rcon)) expect(operation.summary).toEqual(expect.any(String));
      expect(rcon.put.requestBody?.content['application/json'].schema.required?.sort()).toEqual([
        'host',
        'password',
        'port',
      ]);
    });
  });

  describe('DELETE /api/servers/:id', () => {
    it('deletes the server’s RCON settings with it', async () => {
      const server = await newServer('Doomed');
      await setRcon(server.id);
      await crew.owner.agent.delete(`/api/servers/${server.id}`).expect(200);
      expect(await countRows(t, 'server_rcon', { server_id: server.id })).toBe(0);
    });
  });

  describe('PUT /api/servers/:id/rcon, many times', () => {
    it(`answers 429 with Retry-After past ${RCON_SETTINGS_PER_WINDOW} saves in ${RCON_SETTINGS_WINDOW_MINUTES} minutes of one user, across servers, and stores nothing`, async () => {
      const servers = [await newServer('Limited A'), await newServer('Limited B')];
      let refused: Awaited<ReturnType<typeof crew.admin.agent.put>> | null = null;
      for (let n = 0; n <= RCON_SETTINGS_PER_WINDOW && !refused; n += 1) {
        const res = await crew.admin.agent.put(rconOf(servers[n % 2].id)).send(SETTINGS);
        if (res.status === 429) refused = res;
        else expectStatus(res, 200);
      }
      expect(refused?.body).toEqual({
        success: false,
        error: RCON_ERRORS.rateLimited.message,
        code: 'RATE_LIMITED',
      });
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      const untouched = await newServer('Limited C');
      await crew.admin.agent.put(rconOf(untouched.id)).send(SETTINGS).expect(429);
      expect(await countRows(t, 'server_rcon', { server_id: untouched.id })).toBe(0);
      // Another user's saves are counted apart.
      await setRcon(untouched.id);
    });
  });
});

describe('SECRETS_KEY', () => {
  it.each(['not-a-key', 'ab'.repeat(31), Buffer.alloc(24).toString('base64')])(
    'refuses to start with %s, naming the variable',
    async (value) => {
      await expect(createTestApp({ env: { SECRETS_KEY: value } })).rejects.toThrow(
        /^Invalid configuration: SECRETS_KEY must be 32 bytes/,
      );
    },
  );
});
