// The Punishments API (issue 19): the lists of a server and a network, a ban's edit and early
// lift, and the import of a server's own ban list, with the role matrix (a moderator included).
import type { AuditEntry, AuditListResponse, PunishmentItem, PunishmentsResponse } from '@outpost/contracts';
import { MESSAGES, PUNISHMENT_MESSAGES } from '@outpost/validation';
import { DomainEvents, type DomainEventMap } from '../src/core/events';
import { signIn, type SignedIn, type TestApp } from './support';
import { countRows, createWorld, expectStatus, joinByInvite, memberIdOf, type Crew } from './support/crew';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';

const ROLES = ['owner', 'admin', 'moderator', 'member', 'demo', 'outsider', 'anonymous'] as const;
type Role = (typeof ROLES)[number];
const READ: Record<Role, number> = {
  owner: 200,
  admin: 200,
  moderator: 200,
  member: 200,
  demo: 200,
  outsider: 404,
  anonymous: 401,
};
/** players.moderate: owner, admin, moderator (DESIGN section 4). */
const MODERATE = (ok: number): Record<Role, number> => ({
  owner: ok,
  admin: ok,
  moderator: ok,
  member: 403,
  demo: 403,
  outsider: 404,
  anonymous: 401,
});

describe('punishments API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let moderator: SignedIn;
  let main: { id: string; token: string };
  let second: { id: string; token: string };
  const ada = { steamId: steamIdOf(701), name: 'Ada' };
  const bob = { steamId: steamIdOf(702), name: 'Bob' };
  const cy = { steamId: steamIdOf(703), name: 'Cy_50%' };

  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    // A moderator of the crew's network, made as people make one: an invite, then the owner's role change.
    moderator = await signIn(t, { name: 'Mo Moderator' });
    await joinByInvite(crew.owner, moderator, crew.network.id);
    const memberId = await memberIdOf(crew.owner, crew.network.id, moderator.user.id);
    expectStatus(
      await crew.owner.agent
        .patch(`/api/networks/${crew.network.id}/members/${memberId}`)
        .send({ role: 'moderator' }),
      200,
    );
    main = await addServer(crew.owner, crew.network.id, 'Main');
    second = await addServer(crew.owner, crew.network.id, 'Second');
    await heartbeat(t, main.token, [ada, bob]);
    await heartbeat(t, second.token, [cy]);
  });
  afterAll(() => t.close());

  const agent = (role: Role) =>
    role === 'anonymous' ? t.newAgent() : role === 'moderator' ? moderator.agent : crew[role].agent;
  const ban = async (steamId: string, body: Record<string, unknown>, who = crew.owner) =>
    expectStatus(await who.agent.post(`/api/players/${steamId}/ban`).send(body), 201).body.data.punishment
      .id as string;
  const page = async (path: string, query: Record<string, string | number> = {}, who: Role = 'owner') =>
    expectStatus(await agent(who).get(path).query(query), 200).body.data as PunishmentsResponse;
  const auditActions = async () =>
    (
      expectStatus(await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit`), 200).body
        .data as AuditListResponse
    ).entries.map((entry: AuditEntry) => entry.action);

  describe('GET /api/networks/:id/punishments and GET /api/servers/:id/punishments', () => {
    let banId: string;
    beforeAll(async () => {
      expectStatus(
        await crew.owner.agent.post(`/api/players/${bob.steamId}/kick`).send({ serverId: main.id }),
        201,
      );
      expectStatus(
        await crew.owner.agent
          .post(`/api/players/${cy.steamId}/warn`)
          .send({ serverId: second.id, reason: 'Spam' }),
        201,
      );
      banId = await ban(ada.steamId, { serverId: main.id, reason: 'Aimbot', duration: '7d' });
    });

    it('lists the network newest first: player, reason, issuer, expiry, time left, scope with the server name, state, kind', async () => {
      const { punishments, nextCursor } = await page(`/api/networks/${crew.network.id}/punishments`);
      expect(nextCursor).toBeNull();
      expect(punishments.map((item) => item.kind)).toEqual(['ban', 'warn', 'kick']);
      const [item] = punishments;
      expect(item).toEqual<PunishmentItem>({
        id: banId,
        kind: 'ban',
        player: ada,
        reason: 'Aimbot',
        issuedBy: { id: crew.owner.user.id, name: 'Olivia Owner' },
        issuedAt: expect.any(String),
        expiresAt: expect.any(String),
        timeLeftSeconds: expect.any(Number),
        liftedAt: null,
        scope: 'network',
        serverId: main.id,
        serverName: 'Main',
        state: 'active',
        delivery: null,
        // Sent to Main, where Ada plays, and not yet handed out (no heartbeat since).
        deliveries: [
          {
            serverId: main.id,
            serverName: 'Main',
            command: 'ban',
            status: 'pending',
            output: null,
            at: expect.any(String),
            expiresAt: null,
          },
        ],
      });
      expect(item.timeLeftSeconds).toBeGreaterThan(7 * 86_400 - 60);
      expect(item.timeLeftSeconds).toBeLessThanOrEqual(7 * 86_400);
      expect(punishments[2]).toMatchObject({ kind: 'kick', state: null, scope: 'server', expiresAt: null });
      // Kicks and warns show their command's delivery: queued, not yet handed out, expiring in 5 min.
      const kick = punishments[2].delivery;
      expect(kick).toEqual({ status: 'pending', output: null, at: kick?.at, expiresAt: expect.any(String) });
      expect(new Date(kick!.expiresAt!).getTime() - new Date(kick!.at).getTime()).toBe(300_000);
      expect(punishments[2].deliveries).toEqual([
        { ...kick, serverId: main.id, serverName: 'Main', command: 'kick' },
      ]);
    });

    it("a server's list holds what was issued there and the network bans, which hold there too", async () => {
      const ofSecond = await page(`/api/servers/${second.id}/punishments`);
      expect(ofSecond.punishments.map((item) => [item.kind, item.player.name])).toEqual([
        ['ban', 'Ada'],
        ['warn', 'Cy_50%'],
      ]);
      const ofMain = await page(`/api/servers/${main.id}/punishments`);
      expect(ofMain.punishments.map((item) => item.kind)).toEqual(['ban', 'kick']);
    });

    it('filters by kind, state and a search by name or steamId (% and _ as themselves), and pages by cursor', async () => {
      const path = `/api/networks/${crew.network.id}/punishments`;
      expect((await page(path, { kind: 'warn' })).punishments.map((i) => i.player.name)).toEqual(['Cy_50%']);
      expect((await page(path, { state: 'active' })).punishments.map((i) => i.id)).toEqual([banId]);
      expect((await page(path, { state: 'lifted' })).punishments).toEqual([]);
      expect((await page(path, { search: '50%' })).punishments.map((i) => i.kind)).toEqual(['warn']);
      expect((await page(path, { search: 'b' })).punishments.map((i) => i.player.name)).toEqual(['Bob']);
      expect((await page(path, { search: ada.steamId })).punishments.map((i) => i.id)).toEqual([banId]);
      const first = await page(path, { limit: 2 });
      expect(first.punishments).toHaveLength(2);
      const rest = await page(path, { limit: 2, before: first.nextCursor ?? '' });
      expect(rest.punishments.map((i) => i.kind)).toEqual(['kick']);
      expect(rest.nextCursor).toBeNull();
    });

    it.each(ROLES)('answers %s as the role matrix says (every member reads)', async (role) => {
      expectStatus(await agent(role).get(`/api/networks/${crew.network.id}/punishments`), READ[role]);
      expectStatus(await agent(role).get(`/api/servers/${main.id}/punishments`), READ[role]);
    });

    it("answers 404 for another network's server or an unknown one, and 400 with the field for bad input", async () => {
      expectStatus(await crew.owner.agent.get(`/api/networks/${other.network.id}/punishments`), 404);
      expectStatus(await crew.owner.agent.get('/api/servers/no-such-server/punishments'), 404);
      for (const [query, field, message] of [
        [{ kind: 'unban' }, 'kind', PUNISHMENT_MESSAGES.kind],
        [{ state: 'forgotten' }, 'state', PUNISHMENT_MESSAGES.state],
        [{ limit: '0' }, 'limit', PUNISHMENT_MESSAGES.limit],
        [{ before: 'nope!' }, 'before', PUNISHMENT_MESSAGES.cursor],
        [{ search: 'x'.repeat(101) }, 'search', PUNISHMENT_MESSAGES.search],
      ] as const) {
        const res = expectStatus(
          await crew.owner.agent.get(`/api/networks/${crew.network.id}/punishments`).query(query),
          400,
        );
        expect(res.body.details).toEqual([{ field, message }]);
      }
    });
  });

  describe('PATCH /api/punishments/:id', () => {
    it.each(ROLES)('answers %s as players.moderate says, and the change is audited', async (role) => {
      const id = await ban(bob.steamId, { serverId: main.id, reason: 'Toxic', duration: '1d' });
      const res = await agent(role)
        .patch(`/api/punishments/${id}`)
        .send({ reason: `Toxic (${role})` });
      expectStatus(res, MODERATE(200)[role]);
      if (res.status === 200) {
        expect(res.body.data).toMatchObject({ id, reason: `Toxic (${role})`, state: 'active' });
        expect((await auditActions())[0]).toBe('punishment.updated');
      }
      expectStatus(
        await crew.owner.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'Edited enough' }),
        201,
      );
    });

    it('sets a new expiry or makes the ban permanent', async () => {
      const id = await ban(ada.steamId, { serverId: main.id, reason: 'Again', duration: '30m' });
      const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const later = expectStatus(
        await crew.admin.agent.patch(`/api/punishments/${id}`).send({ expiresAt }),
        200,
      );
      expect(later.body.data).toMatchObject({ expiresAt, timeLeftSeconds: expect.any(Number) });
      const forever = expectStatus(
        await moderator.agent.patch(`/api/punishments/${id}`).send({ expiresAt: null }),
        200,
      );
      expect(forever.body.data).toMatchObject({ expiresAt: null, timeLeftSeconds: null, state: 'active' });
    });

    it('refuses bad input with the field and stores nothing; a kick is not editable (400), an unknown id 404', async () => {
      const id = await ban(bob.steamId, { serverId: main.id, reason: 'Keep', duration: '2w' });
      const cases: [Record<string, unknown>, string, string][] = [
        [{ expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt', PUNISHMENT_MESSAGES.expiresAtPast],
        [{ expiresAt: 'next tuesday' }, 'expiresAt', PUNISHMENT_MESSAGES.expiresAt],
        [{ reason: 'x'.repeat(501) }, 'reason', 'Reason must be 500 characters or less'],
        [{ reason: '   ' }, 'reason', PUNISHMENT_MESSAGES.reasonRequired],
      ];
      for (const [body, field, message] of cases) {
        const res = expectStatus(await crew.owner.agent.patch(`/api/punishments/${id}`).send(body), 400);
        expect(res.body.details).toEqual([{ field, message }]);
      }
      expectStatus(
        await crew.owner.agent.patch(`/api/punishments/${id}`).send({ reason: 'x', duration: '1d' }),
        400,
      );
      expectStatus(await crew.owner.agent.patch(`/api/punishments/${id}`).send({}), 400);
      const { punishments } = await page(`/api/networks/${crew.network.id}/punishments`, {
        search: bob.steamId,
      });
      expect(punishments.find((item) => item.id === id)).toMatchObject({ reason: 'Keep' });

      const kick = punishments.find((item) => item.kind === 'kick');
      const res = expectStatus(
        await crew.owner.agent.patch(`/api/punishments/${kick?.id}`).send({ reason: 'y' }),
        400,
      );
      expect(res.body.error).toBe('Only a ban can be edited or lifted');
      expectStatus(await crew.owner.agent.patch('/api/punishments/nope').send({ reason: 'y' }), 404);
      expectStatus(await other.owner.agent.patch(`/api/punishments/${id}`).send({ reason: 'y' }), 404);
    });
  });

  describe('POST /api/punishments/:id/lift', () => {
    it('ends a network ban on every server (each gets an unban), audits it, and a second lift is a 409', async () => {
      const late = await addServer(crew.owner, crew.network.id, 'Late');
      const id = await ban(cy.steamId, { serverId: second.id, reason: 'Grief', duration: '12h' });
      const changed: DomainEventMap['punishment.changed'][] = [];
      const off = t.app.get(DomainEvents).on('punishment.changed', (event) => void changed.push(event));
      const res = expectStatus(
        await moderator.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'Appeal accepted' }),
        201,
      );
      off();
      expect(res.body.data).toMatchObject({
        id,
        state: 'lifted',
        liftedAt: expect.any(String),
        timeLeftSeconds: null,
      });
      expect(changed).toEqual([{ networkId: crew.network.id, serverId: second.id, punishmentId: id }]);
      for (const server of [main, second, late]) {
        const unbans = await countRows(t, 'plugin_commands', {
          server_id: server.id,
          type: 'unban',
          punishment_id: id,
        });
        expect(unbans).toBe(1);
      }
      // The reason goes with every unban and into the audit log.
      expect(await heartbeat(t, late.token, [])).toContainEqual(
        expect.objectContaining({ type: 'unban', steamId: cy.steamId, reason: 'Appeal accepted' }),
      );
      const [entry] = (
        expectStatus(
          await crew.owner.agent
            .get(`/api/networks/${crew.network.id}/audit`)
            .query({ action: 'punishment.lifted', limit: 1 }),
          200,
        ).body.data as AuditListResponse
      ).entries;
      expect(entry.details).toMatchObject({ punishmentId: id, reason: 'Appeal accepted' });
      expectStatus(await moderator.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'Again' }), 409);
    });

    it('asks a reason: 400 naming the field for a missing or blank one, and nothing is lifted or sent', async () => {
      // Dot, banned from Second alone: lifted, that ban sends one unban, to Second.
      const dot = { steamId: steamIdOf(704), name: 'Dot' };
      await heartbeat(t, second.token, [cy, dot]);
      const id = await ban(dot.steamId, { serverId: second.id, duration: '1d', scope: 'server' });
      const unbans = () => countRows(t, 'plugin_commands', { type: 'unban', punishment_id: id });
      const stateOf = async () =>
        (
          await page(`/api/networks/${crew.network.id}/punishments`, { search: dot.steamId })
        ).punishments.find((item) => item.id === id);
      for (const body of [{}, { reason: null }, { reason: '' }, { reason: '   ' }]) {
        const res = expectStatus(await crew.owner.agent.post(`/api/punishments/${id}/lift`).send(body), 400);
        expect(res.body).toEqual({
          success: false,
          error: MESSAGES.liftReasonRequired,
          code: 'VALIDATION_FAILED',
          details: [{ field: 'reason', message: MESSAGES.liftReasonRequired }],
        });
      }
      expect(await stateOf()).toMatchObject({ state: 'active', liftedAt: null });
      expect(await unbans()).toBe(0);
      expect((await auditActions())[0]).toBe('player.banned');

      expectStatus(
        await crew.owner.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'Served' }),
        201,
      );
      expect(await stateOf()).toMatchObject({ state: 'lifted', liftedAt: expect.any(String) });
      expect(await unbans()).toBe(1);
      expect((await auditActions())[0]).toBe('punishment.lifted');
    });

    it('refuses bad input with the field and lifts nothing', async () => {
      const id = await ban(bob.steamId, { serverId: main.id, duration: '1d' });
      const res = expectStatus(
        await crew.owner.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'x'.repeat(501), more: 1 }),
        400,
      );
      expect(res.body.details).toEqual([
        { field: 'reason', message: 'Reason must be 500 characters or less' },
        { field: 'more', message: 'Unknown field "more"' },
      ]);
      const { punishments } = await page(`/api/networks/${crew.network.id}/punishments`, { state: 'active' });
      expect(punishments.map((item) => item.id)).toContain(id);
      expectStatus(
        await crew.owner.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'Served' }),
        201,
      );
    });

    it.each(ROLES)('answers %s as players.moderate says', async (role) => {
      const id = await ban(bob.steamId, { serverId: main.id, duration: '1d' });
      expectStatus(
        await agent(role)
          .post(`/api/punishments/${id}/lift`)
          .send({ reason: `Lifted by ${role}` }),
        MODERATE(201)[role],
      );
    });
  });

  describe('POST /api/servers/:id/punishments/import', () => {
    const banlist = [
      `1 ${steamIdOf(801)} "Old Cheater" "Speedhack" -1`,
      `2 ${steamIdOf(802)} "Temp" "Spam" ${Math.floor(Date.now() / 1000) + 86_400}`,
      `3 ${steamIdOf(803)} "Gone" "Expired" ${Math.floor(Date.now() / 1000) - 60}`,
      `4 ${ada.steamId} "Ada" "Known already" -1`,
    ].join('\n');

    const runImport = async (who: SignedIn = crew.owner) => {
      const res = expectStatus(await who.agent.post(`/api/servers/${main.id}/punishments/import`), 201);
      const commandId: string = res.body.data.commandId;
      const commands = await heartbeat(t, main.token, [ada, bob]);
      expect(commands).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: commandId, type: 'console', command: 'banlistex' }),
        ]),
      );
      expectStatus(
        await pluginCall(t, main.token, `commands/${commandId}/result`, { ok: true, output: banlist }),
        200,
      );
      // command.completed is handled after the answer; give it a moment.
      for (
        let i = 0;
        i < 50 && (await countRows(t, 'punishments', { steam_id: steamIdOf(801) })) === 0;
        i += 1
      )
        await new Promise((resolve) => setTimeout(resolve, 20));
    };

    it("stores the server's own bans as bans of that server, once: importing twice stores nothing new", async () => {
      await ban(ada.steamId, { serverId: main.id, reason: 'Held' });
      await runImport();
      const { punishments } = await page(`/api/servers/${main.id}/punishments`, { state: 'active' });
      const imported = punishments.filter((item) => item.issuedBy === null);
      expect(imported.map((item) => [item.player, item.reason, item.scope, item.expiresAt === null])).toEqual(
        expect.arrayContaining([
          [{ steamId: steamIdOf(801), name: 'Old Cheater' }, 'Speedhack', 'server', true],
          [{ steamId: steamIdOf(802), name: 'Temp' }, 'Spam', 'server', false],
        ]),
      );
      expect(imported).toHaveLength(2);
      const count = await countRows(t, 'punishments');
      await runImport(moderator);
      expect(await countRows(t, 'punishments')).toBe(count);
      expect(await auditActions()).toContain('punishments.imported');
    });

    it.each(ROLES)('answers %s as players.moderate says', async (role) => {
      expectStatus(await agent(role).post(`/api/servers/${main.id}/punishments/import`), MODERATE(201)[role]);
    });
  });
});
