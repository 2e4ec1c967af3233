// The Punishments API (issue 19): a ban's early lift (a reason required, an unban to every server)
// and the import of a server's own ban list, with the role matrix (a moderator included).
import type { AuditListResponse } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { DomainEvents, type DomainEventMap } from '../src/core/events';
import type { SignedIn } from './support';
import { countRows, expectStatus } from './support/crew';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';
import { ada, bob, cy, MODERATE, ROLES, usePunishmentsWorld } from './support/punishments-world';

describe("punishments API: a ban's lift and the import of a server's list", () => {
  const w = usePunishmentsWorld();

  describe('POST /api/punishments/:id/lift', () => {
    it('ends a network ban on every server (each gets an unban), audits it, and a second lift is a 409', async () => {
      const late = await addServer(w.crew.owner, w.crew.network.id, 'Late');
      const id = await w.ban(cy.steamId, { serverId: w.second.id, reason: 'Grief', duration: '12h' });
      const changed: DomainEventMap['punishment.changed'][] = [];
      const off = w.t.app.get(DomainEvents).on('punishment.changed', (event) => void changed.push(event));
      const res = expectStatus(
        await w.moderator.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'Appeal accepted' }),
        201,
      );
      off();
      expect(res.body.data).toMatchObject({
        id,
        state: 'lifted',
        liftedAt: expect.any(String),
        timeLeftSeconds: null,
      });
      expect(changed).toEqual([{ networkId: w.crew.network.id, serverId: w.second.id, punishmentId: id }]);
      for (const server of [w.main, w.second, late]) {
        const unbans = await countRows(w.t, 'plugin_commands', {
          server_id: server.id,
          type: 'unban',
          punishment_id: id,
        });
        expect(unbans).toBe(1);
      }
      // The reason goes with every unban and into the audit log.
      expect(await heartbeat(w.t, late.token, [])).toContainEqual(
        expect.objectContaining({ type: 'unban', steamId: cy.steamId, reason: 'Appeal accepted' }),
      );
      const [entry] = (
        expectStatus(
          await w.crew.owner.agent
            .get(`/api/networks/${w.crew.network.id}/audit`)
            .query({ action: 'punishment.lifted', limit: 1 }),
          200,
        ).body.data as AuditListResponse
      ).entries;
      expect(entry.details).toMatchObject({ punishmentId: id, reason: 'Appeal accepted' });
      expectStatus(
        await w.moderator.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'Again' }),
        409,
      );
    });

    it('asks a reason: 400 naming the field for a missing or blank one, and nothing is lifted or sent', async () => {
      // Dot, banned from Second alone: lifted, that ban sends one unban, to Second.
      const dot = { steamId: steamIdOf(704), name: 'Dot' };
      await heartbeat(w.t, w.second.token, [cy, dot]);
      const id = await w.ban(dot.steamId, { serverId: w.second.id, duration: '1d', scope: 'server' });
      const unbans = () => countRows(w.t, 'plugin_commands', { type: 'unban', punishment_id: id });
      const stateOf = async () =>
        (
          await w.page(`/api/networks/${w.crew.network.id}/punishments`, { search: dot.steamId })
        ).punishments.find((item) => item.id === id);
      for (const body of [{}, { reason: null }, { reason: '' }, { reason: '   ' }]) {
        const res = expectStatus(
          await w.crew.owner.agent.post(`/api/punishments/${id}/lift`).send(body),
          400,
        );
        expect(res.body).toEqual({
          success: false,
          error: MESSAGES.liftReasonRequired,
          code: 'VALIDATION_FAILED',
          details: [{ field: 'reason', message: MESSAGES.liftReasonRequired }],
        });
      }
      expect(await stateOf()).toMatchObject({ state: 'active', liftedAt: null });
      expect(await unbans()).toBe(0);
      expect((await w.auditActions())[0]).toBe('player.banned');

      expectStatus(
        await w.crew.owner.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'Served' }),
        201,
      );
      expect(await stateOf()).toMatchObject({ state: 'lifted', liftedAt: expect.any(String) });
      expect(await unbans()).toBe(1);
      expect((await w.auditActions())[0]).toBe('punishment.lifted');
    });

    it('refuses bad input with the field and lifts nothing', async () => {
      const id = await w.ban(bob.steamId, { serverId: w.main.id, duration: '1d' });
      const res = expectStatus(
        await w.crew.owner.agent
          .post(`/api/punishments/${id}/lift`)
          .send({ reason: 'x'.repeat(501), more: 1 }),
        400,
      );
      expect(res.body.details).toEqual([
        { field: 'reason', message: 'Reason must be 500 characters or less' },
        { field: 'more', message: 'Unknown field "more"' },
      ]);
      const { punishments } = await w.page(`/api/networks/${w.crew.network.id}/punishments`, {
        state: 'active',
      });
      expect(punishments.map((item) => item.id)).toContain(id);
      expectStatus(
        await w.crew.owner.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'Served' }),
        201,
      );
    });

    it.each(ROLES)('answers %s as players.moderate says', async (role) => {
      const id = await w.ban(bob.steamId, { serverId: w.main.id, duration: '1d' });
      expectStatus(
        await w
          .agent(role)
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

    const runImport = async (who: SignedIn = w.crew.owner) => {
      const res = expectStatus(await who.agent.post(`/api/servers/${w.main.id}/punishments/import`), 201);
      const commandId: string = res.body.data.commandId;
      const commands = await heartbeat(w.t, w.main.token, [ada, bob]);
      expect(commands).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: commandId, type: 'console', command: 'banlistex' }),
        ]),
      );
      expectStatus(
        await pluginCall(w.t, w.main.token, `commands/${commandId}/result`, { ok: true, output: banlist }),
        200,
      );
      // command.completed is handled after the answer; give it a moment.
      for (
        let i = 0;
        i < 50 && (await countRows(w.t, 'punishments', { steam_id: steamIdOf(801) })) === 0;
        i += 1
      )
        await new Promise((resolve) => setTimeout(resolve, 20));
    };

    it("stores the server's own bans as bans of that server, once: importing twice stores nothing new", async () => {
      await w.ban(ada.steamId, { serverId: w.main.id, reason: 'Held' });
      await runImport();
      const { punishments } = await w.page(`/api/servers/${w.main.id}/punishments`, { state: 'active' });
      const imported = punishments.filter((item) => item.issuedBy === null);
      expect(imported.map((item) => [item.player, item.reason, item.scope, item.expiresAt === null])).toEqual(
        expect.arrayContaining([
          [{ steamId: steamIdOf(801), name: 'Old Cheater' }, 'Speedhack', 'server', true],
          [{ steamId: steamIdOf(802), name: 'Temp' }, 'Spam', 'server', false],
        ]),
      );
      expect(imported).toHaveLength(2);
      const count = await countRows(w.t, 'punishments');
      await runImport(w.moderator);
      expect(await countRows(w.t, 'punishments')).toBe(count);
      expect(await w.auditActions()).toContain('punishments.imported');
    });

    it.each(ROLES)('answers %s as players.moderate says', async (role) => {
      expectStatus(
        await w.agent(role).post(`/api/servers/${w.main.id}/punishments/import`),
        MODERATE(201)[role],
      );
    });
  });
});
