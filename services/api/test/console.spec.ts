import {
  CONSOLE_COMMANDS_PER_MINUTE,
  DEMO_READ_ONLY_MESSAGE,
  type AuditListResponse,
  type CommandsResponse,
  type ConsoleResponse,
  type CreateServerResponse,
} from '@outpost/contracts';
import { MESSAGES, NUL_MESSAGE } from '@outpost/validation';
import { DomainEvents, type CommandCompletedEvent } from '../src/core/events';
import { signIn, type TestApp } from './support';
import {
  ACTORS,
  statusesFor,
  agentOf,
  countRows,
  createNetwork,
  createWorld,
  expectStatus,
  type Crew,
} from './support/crew';
import { documentedBody } from './support/openapi';
import { addServer, pluginCall } from './support/plugin';

const consoleCommands = (t: TestApp, serverId: string) =>
  countRows(t, 'plugin_commands', { server_id: serverId, type: 'console' });

/** What the server's plugin receives from the long-poll right now. */
const pollNow = async (t: TestApp, token: string) =>
  (
    expectStatus(
      await t.http.get('/api/plugin/v1/commands?wait=0').set('Authorization', `Bearer ${token}`),
      200,
    ).body.data as CommandsResponse
  ).commands;

describe('console API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let server: CreateServerResponse;
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    server = await addServer(crew.owner, crew.network.id, 'Console');
  });
  afterAll(() => t.close());

  const run = (agent: Crew['owner']['agent'], serverId: string, body: unknown) =>
    agent.post(`/api/servers/${serverId}/console`).send(body as object);
  const read = async (serverId: string, query = '', who = crew.owner) =>
    expectStatus(await who.agent.get(`/api/servers/${serverId}/console${query}`), 200).body
      .data as ConsoleResponse;

  describe('POST /api/servers/:id/console', () => {
    it.each(ACTORS)('answers %s as the role matrix says, storing only what it accepts', async (actor) => {
      const target = await addServer(crew.owner, crew.network.id, `Matrix ${actor}`);
      const res = await run(agentOf(t, crew, actor), target.id, { command: 'status' });
      const expected = statusesFor('console.run', { ok: 202, write: true })[actor];
      expectStatus(res, expected);
      if (actor === 'demo')
        expect(res.body).toEqual({ success: false, error: DEMO_READ_ONLY_MESSAGE, code: 'DEMO_READ_ONLY' });
      if (actor === 'outsider')
        expect(res.body).toMatchObject({ code: 'NOT_FOUND', error: 'Server not found' });
      if (actor === 'member') expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
      expect(await consoleCommands(t, target.id)).toBe(expected === 202 ? 1 : 0);
      if (expected === 202) expect(res.body.data).toEqual({ id: expect.any(String) });
    });

    it("answers 404 for an unknown server and for another network's", async () => {
      expectStatus(await run(crew.owner.agent, 'no-such-server', { command: 'status' }), 404);
      const theirs = await addServer(other.owner, other.network.id, 'Theirs');
      expectStatus(await run(crew.owner.agent, theirs.id, { command: 'status' }), 404);
      expect(await consoleCommands(t, theirs.id)).toBe(0);
    });

    it.each([
      ['an empty command', { command: '' }, 'command', MESSAGES.consoleCommandRequired],
      ['no command', {}, 'command', MESSAGES.consoleCommandRequired],
      ['501 characters', { command: 'x'.repeat(501) }, 'command', MESSAGES.consoleCommandTooLong],
      // Refused at the edge, before the route's own rule (which says the same for the form).
      ['a NUL', { command: 'say a\u0000b' }, 'command', NUL_MESSAGE],
      ['two lines', { command: 'say hi\nquit' }, 'command', MESSAGES.consoleCommandOneLine],
      ['an unknown field', { command: 'status', as: 'root' }, 'as', MESSAGES.unknownField('as')],
    ])('answers 400 for %s, naming the field, and stores nothing', async (_, body, field, message) => {
      const target = await addServer(crew.owner, crew.network.id, 'Bad input');
      const res = expectStatus(await run(crew.owner.agent, target.id, body), 400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.details).toContainEqual({ field, message });
      expect(await consoleCommands(t, target.id)).toBe(0);
      expect(
        await countRows(t, 'audit_entries', { target_id: target.id, action: 'server.consoleCommandRun' }),
      ).toBe(0);
    });

    it("queues the command for the server's plugin and writes who ran what, when, to the audit log", async () => {
      const target = await addServer(crew.owner, crew.network.id, 'Audited');
      const before = Date.now();
      const { id } = expectStatus(await run(crew.admin.agent, target.id, { command: '  say hello  ' }), 202)
        .body.data as { id: string };
      expect(await pollNow(t, target.token)).toEqual([{ id, type: 'console', command: 'say hello' }]);
      const audit = expectStatus(await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit`), 200)
        .body.data as AuditListResponse;
      const entry = audit.entries.find(
        (e) => e.action === 'server.consoleCommandRun' && e.targetId === target.id,
      );
      expect(entry).toMatchObject({
        actorId: crew.admin.user.id,
        actorName: 'Adam Admin',
        targetType: 'server',
        targetName: 'Audited',
        details: { command: 'say hello', commandId: id },
      });
      expect(Date.parse(entry!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    });

    it(`answers 429 with Retry-After past ${CONSOLE_COMMANDS_PER_MINUTE} commands a minute of one user, across servers`, async () => {
      const busy = await signIn(t, { name: 'Busy Owner' });
      const network = await createNetwork(busy, 'Busy');
      const [a, b] = [await addServer(busy, network.id, 'A'), await addServer(busy, network.id, 'B')];
      for (let i = 0; i < CONSOLE_COMMANDS_PER_MINUTE; i += 1)
        expectStatus(await run(busy.agent, i % 2 ? a.id : b.id, { command: `say ${i}` }), 202);
      const res = expectStatus(await run(busy.agent, a.id, { command: 'say one too many' }), 429);
      expect(res.body).toEqual({
        success: false,
        error: `Too many console commands: at most ${CONSOLE_COMMANDS_PER_MINUTE} a minute`,
        code: 'RATE_LIMITED',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await consoleCommands(t, a.id)) + (await consoleCommands(t, b.id))).toBe(
        CONSOLE_COMMANDS_PER_MINUTE,
      );
      // Another user is not held up by it.
      expectStatus(await run(crew.owner.agent, server.id, { command: 'status' }), 202);
    });
  });

  describe('GET /api/servers/:id/console', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor).get(`/api/servers/${server.id}/console`);
      expectStatus(res, statusesFor('console.read')[actor]);
      if (actor === 'outsider')
        expect(res.body).toMatchObject({ code: 'NOT_FOUND', error: 'Server not found' });
    });

    it("shows commands with their output once the server answers, and the server's own lines, newest first", async () => {
      const target = await addServer(crew.owner, crew.network.id, 'History');
      const completed: CommandCompletedEvent[] = [];
      const off = t.app.get(DomainEvents).on('command.completed', (event) => {
        completed.push(event);
      });
      try {
        const { id } = expectStatus(await run(crew.owner.agent, target.id, { command: 'status' }), 202).body
          .data as { id: string };
        const early = new Date(Date.now() - 60_000).toISOString();
        expectStatus(
          await pluginCall(t, target.token, 'events', {
            events: [
              { id: 'l1', type: 'console', at: early, message: 'Saved 41,201 ents' },
              {
                id: 'l2',
                type: 'console',
                at: early.replace(/\.\d+Z$/, '.999Z'),
                level: 'warning',
                message: 'Low fps',
              },
              { id: 'c1', type: 'log', at: early, message: 'not a console line' },
            ],
          }),
          200,
        );
        const pending = await read(target.id);
        expect(pending.entries.map((entry) => entry.kind)).toEqual(['command', 'line', 'line']);
        expect(pending.entries[0]).toMatchObject({ id, status: 'pending', output: null, completedAt: null });

        expect(await pollNow(t, target.token)).toEqual([{ id, type: 'console', command: 'status' }]);
        expect((await read(target.id)).entries[0]).toMatchObject({ id, status: 'delivered', output: null });
        expectStatus(
          await pluginCall(t, target.token, `commands/${id}/result`, {
            ok: true,
            output: 'hostname: History',
          }),
          200,
        );
        expect(completed).toEqual([
          expect.objectContaining({
            commandId: id,
            serverId: target.id,
            networkId: crew.network.id,
            type: 'console',
            status: 'succeeded',
            output: 'hostname: History',
          }),
        ]);
        // A repeated report changes nothing and is not published again.
        expectStatus(
          await pluginCall(t, target.token, `commands/${id}/result`, { ok: false, output: 'x' }),
          200,
        );
        expect(completed).toHaveLength(1);

        const done = await read(target.id);
        expect(done).toEqual({
          entries: [
            {
              kind: 'command',
              id,
              command: 'status',
              status: 'succeeded',
              output: 'hostname: History',
              by: { id: crew.owner.user.id, name: 'Olivia Owner' },
              at: expect.any(String),
              completedAt: expect.any(String),
            },
            {
              kind: 'line',
              id: expect.any(String),
              level: 'warning',
              message: 'Low fps',
              at: expect.any(String),
            },
            { kind: 'line', id: expect.any(String), level: 'info', message: 'Saved 41,201 ents', at: early },
          ],
          hasMore: false,
        });

        // Paging back: one entry a page, then what is older than the last one seen.
        const first = await read(target.id, '?limit=1');
        expect(first).toEqual({ entries: [done.entries[0]], hasMore: true });
        const second = await read(target.id, `?limit=1&before=${encodeURIComponent(first.entries[0].at)}`);
        expect(second).toEqual({ entries: [done.entries[1]], hasMore: true });
        const last = await read(target.id, `?limit=5&before=${encodeURIComponent(second.entries[0].at)}`);
        expect(last).toEqual({ entries: [done.entries[2]], hasMore: false });
      } finally {
        off();
      }
    });

    it.each([
      ['?limit=0', 'limit', MESSAGES.consoleLimit],
      ['?limit=501', 'limit', MESSAGES.consoleLimit],
      ['?before=yesterday', 'before', MESSAGES.consoleBefore],
    ])('answers 400 for %s', async (query, field, message) => {
      const res = expectStatus(await crew.owner.agent.get(`/api/servers/${server.id}/console${query}`), 400);
      expect(res.body).toEqual({
        success: false,
        error: message,
        code: 'VALIDATION_FAILED',
        details: [{ field, message }],
      });
    });
  });

  describe('GET /api/docs-json', () => {
    it('documents the console routes: the body with its rule, the query, the statuses', async () => {
      expect(await documentedBody(t, 'post', '/api/servers/{id}/console')).toMatchObject({
        type: 'object',
        required: ['command'],
        additionalProperties: false,
        properties: { command: { type: 'string', maxLength: 500 } },
        example: { command: expect.any(String) },
      });
      const { body } = await t.http.get('/api/docs-json').expect(200);
      const path = body.paths['/api/servers/{id}/console'];
      expect(Object.keys(path.post.responses)).toEqual(
        expect.arrayContaining(['202', '400', '401', '403', '404', '429']),
      );
      expect(path.get.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['id', 'before', 'limit']),
      );
      expect(path.get.responses['200'].content['application/json'].schema.example.data.entries).toHaveLength(
        2,
      );
    });
  });
});
