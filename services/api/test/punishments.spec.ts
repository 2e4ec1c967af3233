// The Punishments API (issue 19): the lists of a server and a network and a ban's edit, with the
// role matrix (a moderator included). Its early lift and the import: punishments-lift.spec.ts.
import type { PunishmentItem } from '@outpost/contracts';
import { PUNISHMENT_MESSAGES } from '@outpost/validation';
import { expectStatus } from './support/crew';
import { ada, bob, cy, MODERATE, READ, ROLES, usePunishmentsWorld } from './support/punishments-world';

describe("punishments API: the lists and a ban's edit", () => {
  const w = usePunishmentsWorld();

  describe('GET /api/networks/:id/punishments and GET /api/servers/:id/punishments', () => {
    let banId: string;
    beforeAll(async () => {
      expectStatus(
        await w.crew.owner.agent.post(`/api/players/${bob.steamId}/kick`).send({ serverId: w.main.id }),
        201,
      );
      expectStatus(
        await w.crew.owner.agent
          .post(`/api/players/${cy.steamId}/warn`)
          .send({ serverId: w.second.id, reason: 'Spam' }),
        201,
      );
      banId = await w.ban(ada.steamId, { serverId: w.main.id, reason: 'Aimbot', duration: '7d' });
    });

    it('lists the network newest first: player, reason, issuer, expiry, time left, scope with the server name, state, kind', async () => {
      const { punishments, nextCursor } = await w.page(`/api/networks/${w.crew.network.id}/punishments`);
      expect(nextCursor).toBeNull();
      expect(punishments.map((item) => item.kind)).toEqual(['ban', 'warn', 'kick']);
      const [item] = punishments;
      expect(item).toEqual<PunishmentItem>({
        id: banId,
        kind: 'ban',
        player: ada,
        reason: 'Aimbot',
        issuedBy: { id: w.crew.owner.user.id, name: 'Olivia Owner' },
        issuedAt: expect.any(String),
        expiresAt: expect.any(String),
        timeLeftSeconds: expect.any(Number),
        liftedAt: null,
        scope: 'network',
        serverId: w.main.id,
        serverName: 'Main',
        state: 'active',
        delivery: null,
        // Sent to Main, where Ada plays, and not yet handed out (no heartbeat since).
        deliveries: [
          {
            serverId: w.main.id,
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
        { ...kick, serverId: w.main.id, serverName: 'Main', command: 'kick' },
      ]);
    });

    it("a server's list holds what was issued there and the network bans, which hold there too", async () => {
      const ofSecond = await w.page(`/api/servers/${w.second.id}/punishments`);
      expect(ofSecond.punishments.map((item) => [item.kind, item.player.name])).toEqual([
        ['ban', 'Ada'],
        ['warn', 'Cy_50%'],
      ]);
      const ofMain = await w.page(`/api/servers/${w.main.id}/punishments`);
      expect(ofMain.punishments.map((item) => item.kind)).toEqual(['ban', 'kick']);
    });

    it('filters by kind, state and a search by name or steamId (% and _ as themselves), and pages by cursor', async () => {
      const path = `/api/networks/${w.crew.network.id}/punishments`;
      expect((await w.page(path, { kind: 'warn' })).punishments.map((i) => i.player.name)).toEqual([
        'Cy_50%',
      ]);
      expect((await w.page(path, { state: 'active' })).punishments.map((i) => i.id)).toEqual([banId]);
      expect((await w.page(path, { state: 'lifted' })).punishments).toEqual([]);
      expect((await w.page(path, { search: '50%' })).punishments.map((i) => i.kind)).toEqual(['warn']);
      expect((await w.page(path, { search: 'b' })).punishments.map((i) => i.player.name)).toEqual(['Bob']);
      expect((await w.page(path, { search: ada.steamId })).punishments.map((i) => i.id)).toEqual([banId]);
      const first = await w.page(path, { limit: 2 });
      expect(first.punishments).toHaveLength(2);
      const rest = await w.page(path, { limit: 2, before: first.nextCursor ?? '' });
      expect(rest.punishments.map((i) => i.kind)).toEqual(['kick']);
      expect(rest.nextCursor).toBeNull();
    });

    it.each(ROLES)('answers %s as the role matrix says (every member reads)', async (role) => {
      expectStatus(await w.agent(role).get(`/api/networks/${w.crew.network.id}/punishments`), READ[role]);
      expectStatus(await w.agent(role).get(`/api/servers/${w.main.id}/punishments`), READ[role]);
    });

    it("answers 404 for another network's server or an unknown one, and 400 with the field for bad input", async () => {
      expectStatus(await w.crew.owner.agent.get(`/api/networks/${w.other.network.id}/punishments`), 404);
      expectStatus(await w.crew.owner.agent.get('/api/servers/no-such-server/punishments'), 404);
      for (const [query, field, message] of [
        [{ kind: 'unban' }, 'kind', PUNISHMENT_MESSAGES.kind],
        [{ state: 'forgotten' }, 'state', PUNISHMENT_MESSAGES.state],
        [{ limit: '0' }, 'limit', PUNISHMENT_MESSAGES.limit],
        [{ before: 'nope!' }, 'before', PUNISHMENT_MESSAGES.cursor],
        [{ search: 'x'.repeat(101) }, 'search', PUNISHMENT_MESSAGES.search],
      ] as const) {
        const res = expectStatus(
          await w.crew.owner.agent.get(`/api/networks/${w.crew.network.id}/punishments`).query(query),
          400,
        );
        expect(res.body.details).toEqual([{ field, message }]);
      }
    });
  });

  describe('PATCH /api/punishments/:id', () => {
    it.each(ROLES)('answers %s as players.moderate says, and the change is audited', async (role) => {
      const id = await w.ban(bob.steamId, { serverId: w.main.id, reason: 'Toxic', duration: '1d' });
      const res = await w
        .agent(role)
        .patch(`/api/punishments/${id}`)
        .send({ reason: `Toxic (${role})` });
      expectStatus(res, MODERATE(200)[role]);
      if (res.status === 200) {
        expect(res.body.data).toMatchObject({ id, reason: `Toxic (${role})`, state: 'active' });
        expect((await w.auditActions())[0]).toBe('punishment.updated');
      }
      expectStatus(
        await w.crew.owner.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'Edited enough' }),
        201,
      );
    });

    it('sets a new expiry or makes the ban permanent', async () => {
      const id = await w.ban(ada.steamId, { serverId: w.main.id, reason: 'Again', duration: '30m' });
      const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const later = expectStatus(
        await w.crew.admin.agent.patch(`/api/punishments/${id}`).send({ expiresAt }),
        200,
      );
      expect(later.body.data).toMatchObject({ expiresAt, timeLeftSeconds: expect.any(Number) });
      const forever = expectStatus(
        await w.moderator.agent.patch(`/api/punishments/${id}`).send({ expiresAt: null }),
        200,
      );
      expect(forever.body.data).toMatchObject({ expiresAt: null, timeLeftSeconds: null, state: 'active' });
    });

    it('refuses bad input with the field and stores nothing; a kick is not editable (400), an unknown id 404', async () => {
      const id = await w.ban(bob.steamId, { serverId: w.main.id, reason: 'Keep', duration: '2w' });
      const cases: [Record<string, unknown>, string, string][] = [
        [{ expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt', PUNISHMENT_MESSAGES.expiresAtPast],
        [{ expiresAt: 'next tuesday' }, 'expiresAt', PUNISHMENT_MESSAGES.expiresAt],
        [{ reason: 'x'.repeat(501) }, 'reason', 'Reason must be 500 characters or less'],
        [{ reason: '   ' }, 'reason', PUNISHMENT_MESSAGES.reasonRequired],
      ];
      for (const [body, field, message] of cases) {
        const res = expectStatus(await w.crew.owner.agent.patch(`/api/punishments/${id}`).send(body), 400);
        expect(res.body.details).toEqual([{ field, message }]);
      }
      expectStatus(
        await w.crew.owner.agent.patch(`/api/punishments/${id}`).send({ reason: 'x', duration: '1d' }),
        400,
      );
      expectStatus(await w.crew.owner.agent.patch(`/api/punishments/${id}`).send({}), 400);
      const { punishments } = await w.page(`/api/networks/${w.crew.network.id}/punishments`, {
        search: bob.steamId,
      });
      expect(punishments.find((item) => item.id === id)).toMatchObject({ reason: 'Keep' });

      const kick = punishments.find((item) => item.kind === 'kick');
      const res = expectStatus(
        await w.crew.owner.agent.patch(`/api/punishments/${kick?.id}`).send({ reason: 'y' }),
        400,
      );
      expect(res.body.error).toBe('Only a ban can be edited or lifted');
      expectStatus(await w.crew.owner.agent.patch('/api/punishments/nope').send({ reason: 'y' }), 404);
      expectStatus(await w.other.owner.agent.patch(`/api/punishments/${id}`).send({ reason: 'y' }), 404);
    });
  });
});
