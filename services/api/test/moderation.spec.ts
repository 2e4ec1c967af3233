import {
  auditDetailsText,
  DEMO_READ_ONLY_MESSAGE,
  type AuditEntry,
  type AuditListResponse,
  type PlayerActionResponse,
  type PunishmentType,
} from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import {
  ACTORS,
  statusesFor,
  agentOf,
  countRows,
  createNetwork,
  expectStatus,
  type Actor,
  type Crew,
} from './support/crew';
import { PunishmentRecord } from '../src/modules/punishments/punishment.entity';
import { documentedBody } from './support/openapi';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import type { TestApp } from './support';
import { createPlayersWorld, listPlayers, ROSTER, type PlayersWorld } from './support/players-world';

describe('moderation API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let main: PlayersWorld['main'];
  let second: PlayersWorld['second'];
  beforeAll(async () => {
    ({ t, crew, other, main, second } = await createPlayersWorld());
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number>, who = crew.owner) => listPlayers(crew, query, who);

  describe('POST /api/players/:steamId/kick|warn|ban|unban', () => {
    const act = (
      steamId: string,
      action: PunishmentType,
      body: Record<string, unknown>,
      agent = crew.owner.agent,
    ) => agent.post(`/api/players/${steamId}/${action}`).send(body);
    const actionOf = (res: Awaited<ReturnType<typeof act>>) =>
      expectStatus(res, 201).body.data as PlayerActionResponse;
    /** Rows a refused action must leave as they were. */
    const moderationRows = async () => ({
      punishments: await countRows(t, 'punishments'),
      commands: await countRows(t, 'plugin_commands'),
      audit: await countRows(t, 'audit_entries'),
    });

    it('sends a kick or warn to the chosen server only when the player is on it; else 409 and nothing recorded', async () => {
      const north = await addServer(crew.owner, crew.network.id, 'North');
      const south = await addServer(crew.owner, crew.network.id, 'South');
      const nia = { steamId: steamIdOf(920), name: 'Nia' };
      const ola = { steamId: steamIdOf(921), name: 'Ola' };
      await heartbeat(t, north.token, [nia]);
      await heartbeat(t, south.token, [ola]);
      const before = await moderationRows();
      for (const action of ['kick', 'warn'] as const) {
        const res = expectStatus(await act(nia.steamId, action, { serverId: south.id }), 409);
        expect(res.body).toEqual({ success: false, error: 'Nia is not on South', code: 'CONFLICT' });
      }
      expect(await moderationRows()).toEqual(before);
      expect(await heartbeat(t, north.token, [nia])).toEqual([]);
      expect(await heartbeat(t, south.token, [ola])).toEqual([]);

      const kick = actionOf(await act(ola.steamId, 'kick', { serverId: south.id }));
      expect(kick.punishment).toMatchObject({ type: 'kick', serverId: south.id, serverName: 'South' });
      expect(await heartbeat(t, north.token, [nia])).toEqual([]);
      expect(await heartbeat(t, south.token, [ola])).toEqual([
        expect.objectContaining({ id: kick.commandId, type: 'kick', steamId: ola.steamId }),
      ]);

      // Gone from every server: no server can carry a kick or warn out.
      await heartbeat(t, north.token, []);
      const res = expectStatus(await act(nia.steamId, 'warn', { serverId: north.id }), 409);
      expect(res.body.error).toBe('Nia is not on North');
    });

    /** Two new servers of the crew's network reporting in, the player on the first. */
    const playingOnFirst = async (player: { steamId: string; name: string }, ...names: [string, string]) => {
      const servers = [
        await addServer(crew.owner, crew.network.id, names[0]),
        await addServer(crew.owner, crew.network.id, names[1]),
      ];
      await heartbeat(t, servers[0].token, [player]);
      await heartbeat(t, servers[1].token, []);
      return servers;
    };

    it('bans on the whole network: the ban to the chosen server, a kick to the one the player is on, the unban to both', async () => {
      const pia = { steamId: steamIdOf(922), name: 'Pia' };
      const [east, west] = await playingOnFirst(pia, 'East', 'West');
      const ban = actionOf(await act(pia.steamId, 'ban', { serverId: west.id, reason: 'Cheating' }));
      expect(ban.punishment).toMatchObject({
        type: 'ban',
        active: true,
        serverId: west.id,
        serverName: 'West',
      });
      expect(await heartbeat(t, west.token, [])).toEqual([
        expect.objectContaining({
          id: ban.commandId,
          type: 'ban',
          steamId: pia.steamId,
          reason: 'Cheating',
          expiresAt: null,
        }),
      ]);
      const [kick] = await heartbeat(t, east.token, [pia]);
      expect(kick).toMatchObject({ type: 'kick', steamId: pia.steamId, reason: 'Banned: Cheating' });
      for (const [token, id] of [
        [west.token, ban.commandId],
        [east.token, kick.id],
      ])
        expectStatus(await pluginCall(t, token, `commands/${id}/result`, { ok: true }), 200);
      await heartbeat(t, east.token, []);

      // Lifted from East: West, which holds the ban in its own list, gets the unban too.
      const unban = actionOf(
        await act(pia.steamId, 'unban', { serverId: east.id, reason: 'Appeal accepted' }),
      );
      expect(await heartbeat(t, east.token, [])).toEqual([
        expect.objectContaining({ id: unban.commandId, type: 'unban', steamId: pia.steamId }),
      ]);
      expect(await heartbeat(t, west.token, [])).toEqual([
        expect.objectContaining({ type: 'unban', steamId: pia.steamId, reason: 'Appeal accepted' }),
      ]);
    });

    it('sends the unban wherever a lifted ban was sent, also where its record names another server', async () => {
      const rae = { steamId: steamIdOf(923), name: 'Rae' };
      const [north, south] = await playingOnFirst(rae, 'Old North', 'Old South');
      const ban = actionOf(await act(rae.steamId, 'ban', { serverId: north.id }));
      // A ban recorded before commands followed the chosen server: it names South, went to North.
      await t.orm.em.fork().nativeUpdate(PunishmentRecord, { id: ban.punishment.id }, { serverId: south.id });
      expect(await heartbeat(t, north.token, [])).toEqual([expect.objectContaining({ id: ban.commandId })]);
      expectStatus(await pluginCall(t, north.token, `commands/${ban.commandId}/result`, { ok: true }), 200);
      const unban = actionOf(await act(rae.steamId, 'unban', { serverId: south.id, reason: 'Served' }));
      expect(await heartbeat(t, south.token, [])).toEqual([
        expect.objectContaining({ id: unban.commandId, type: 'unban', steamId: rae.steamId }),
      ]);
      expect(await heartbeat(t, north.token, [])).toEqual([
        expect.objectContaining({ type: 'unban', steamId: rae.steamId }),
      ]);
    });

    it('queues a warn for the next heartbeat with the default reason and audits it', async () => {
      const res = expectStatus(
        await crew.admin.agent
          .post(`/api/players/${steamIdOf(2)}/warn`)
          .send({ serverId: main.id, reason: '' }),
        201,
      );
      const body = res.body.data as PlayerActionResponse;
      expect(body.punishment).toMatchObject({
        type: 'warn',
        reason: 'Warning issued by administrator',
        issuedBy: 'Adam Admin',
      });
      const commands = await heartbeat(t, main.token, ROSTER.slice(0, 3));
      expect(commands).toContainEqual(
        expect.objectContaining({ id: body.commandId, type: 'warn', steamId: steamIdOf(2) }),
      );
      expectStatus(await pluginCall(t, main.token, `commands/${body.commandId}/result`, { ok: true }), 200);
      expect(await heartbeat(t, main.token, ROSTER.slice(0, 3))).toEqual([]);
      expect(await countRows(t, 'audit_entries', { action: 'player.warned' })).toBe(1);
    });

    it('gives a player their status back once a timed ban runs out', async () => {
      const brief = { steamId: steamIdOf(901), name: 'Brief', ip: '198.51.100.91' };
      await heartbeat(t, main.token, [...ROSTER.slice(0, 3), brief]);
      expectStatus(
        await crew.owner.agent
          .post(`/api/players/${brief.steamId}/ban`)
          .send({ serverId: main.id, duration: '30m' }),
        201,
      );
      await heartbeat(t, main.token, ROSTER.slice(0, 3));
      const sweeper = t.app.get(OfflineSweepService);
      await sweeper.sweep();
      expect((await list({ search: brief.steamId })).players[0].status).toBe('banned');

      jest.spyOn(t.app.get(PluginClock), 'now').mockReturnValue(new Date(Date.now() + 31 * 60_000));
      await sweeper.sweep();
      jest.restoreAllMocks();
      expect((await list({ search: brief.steamId })).players[0].status).toBe('offline');
      // That sweep also found the servers silent for 31 minutes: they report again.
      await heartbeat(t, main.token, ROSTER.slice(0, 3));
      await heartbeat(t, second.token, ROSTER.slice(3));
    });

    it('a ban holds across the network: the player is kicked when they join another server; unban lifts it', async () => {
      const banned = ROSTER[0];
      const res = expectStatus(
        await crew.owner.agent
          .post(`/api/players/${banned.steamId}/ban`)
          .send({ serverId: main.id, duration: '7d' }),
        201,
      );
      const { punishment, commandId } = res.body.data as PlayerActionResponse;
      expect(punishment).toMatchObject({ type: 'ban', active: true, reason: 'Banned by administrator' });
      expect(commandId).not.toBeNull();
      expect(await heartbeat(t, main.token, ROSTER.slice(0, 3))).toContainEqual(
        expect.objectContaining({ type: 'ban', steamId: banned.steamId }),
      );
      await heartbeat(t, main.token, ROSTER.slice(1, 3));
      const kicks = await heartbeat(t, second.token, [...ROSTER.slice(3), banned]);
      expect(kicks).toContainEqual(expect.objectContaining({ type: 'kick', steamId: banned.steamId }));
      expect((await list({ search: 'Alpha' })).players[0].status).toBe('banned');

      expectStatus(
        await crew.member.agent
          .post(`/api/players/${banned.steamId}/unban`)
          .send({ serverId: main.id, reason: 'Appeal' }),
        403,
      );
      expectStatus(
        await crew.owner.agent
          .post(`/api/players/${banned.steamId}/unban`)
          .send({ serverId: main.id, reason: 'Appeal' }),
        201,
      );
      expectStatus(
        await crew.owner.agent
          .post(`/api/players/${banned.steamId}/unban`)
          .send({ serverId: main.id, reason: 'Appeal' }),
        409,
      );
      const after = await heartbeat(t, second.token, [...ROSTER.slice(3), banned]);
      expect(
        after.filter(
          (c) => c.type === 'kick' && c.steamId === banned.steamId && !kicks.some((k) => k.id === c.id),
        ),
      ).toEqual([]);
    });

    it('an unban asks a reason: 400 without one and nothing changes; given, it is stored, sent and audited', async () => {
      const uma = { steamId: steamIdOf(924), name: 'Uma' };
      const [here] = await playingOnFirst(uma, 'Reason Here', 'Reason There');
      actionOf(await act(uma.steamId, 'ban', { serverId: here.id, reason: 'Griefing' }));
      await heartbeat(t, here.token, []);
      const before = await moderationRows();
      for (const reason of [undefined, null, '', '   ']) {
        const res = expectStatus(await act(uma.steamId, 'unban', { serverId: here.id, reason }), 400);
        expect(res.body).toEqual({
          success: false,
          error: MESSAGES.unbanReasonRequired,
          code: 'VALIDATION_FAILED',
          details: [{ field: 'reason', message: MESSAGES.unbanReasonRequired }],
        });
      }
      const long = expectStatus(
        await act(uma.steamId, 'unban', { serverId: here.id, reason: 'r'.repeat(501) }),
        400,
      );
      expect(long.body.details).toEqual([{ field: 'reason', message: MESSAGES.reasonTooLong }]);
      expect(await moderationRows()).toEqual(before);

      const unban = actionOf(
        await act(uma.steamId, 'unban', { serverId: here.id, reason: '  Appeal accepted on Discord ' }),
      );
      expect(unban.punishment).toMatchObject({ type: 'unban', reason: 'Appeal accepted on Discord' });
      expect(await heartbeat(t, here.token, [])).toContainEqual(
        expect.objectContaining({
          type: 'unban',
          steamId: uma.steamId,
          reason: 'Appeal accepted on Discord',
        }),
      );
      const [entry] = (
        expectStatus(
          await crew.owner.agent
            .get(`/api/networks/${crew.network.id}/audit`)
            .query({ action: 'player.unbanned', limit: 1 }),
          200,
        ).body.data as AuditListResponse
      ).entries;
      expect(entry).toMatchObject({
        targetName: 'Uma',
        details: { steamId: uma.steamId, reason: 'Appeal accepted on Discord', serverId: here.id },
      });
      expect(auditDetailsText(entry)).toBe(
        'Unbanned on all servers of Rust Legends. Reason: Appeal accepted on Discord.',
      );
    });

    it('refuses unknown fields, a bad duration, and a server of another network', async () => {
      expectStatus(
        await crew.owner.agent
          .post(`/api/players/${steamIdOf(3)}/ban`)
          .send({ serverId: main.id, duration: 'soon' }),
        400,
      );
      expectStatus(
        await crew.owner.agent
          .post(`/api/players/${steamIdOf(3)}/kick`)
          .send({ serverId: main.id, extra: 1 }),
        400,
      );
      const foreign = await addServer(other.owner, other.network.id, 'Foreign');
      // A network of the same owner where the player never played: the server names the network,
      // so the player is not found there.
      const elsewhere = await createNetwork(crew.owner, 'Elsewhere');
      const far = await addServer(crew.owner, elsewhere.id, 'Far');
      const before = await moderationRows();
      const res = expectStatus(await act(steamIdOf(3), 'kick', { serverId: foreign.id }), 404);
      expect(res.body.error).toBe('Server not found');
      for (const action of ['kick', 'warn', 'ban'] as const) {
        const refused = expectStatus(await act(steamIdOf(3), action, { serverId: far.id }), 404);
        expect(refused.body.error).toBe('Player not found');
      }
      expect(await moderationRows()).toEqual(before);
    });

    describe('the role matrix, each action audited', () => {
      const STATUS: Record<Actor, number> = statusesFor('players.moderate', { ok: 201, write: true });
      const AUDITED: Record<PunishmentType, string> = {
        kick: 'player.kicked',
        warn: 'player.warned',
        ban: 'player.banned',
        unban: 'player.unbanned',
      };
      const moe = { steamId: steamIdOf(930), name: 'Moe' };
      let arena: { id: string; token: string };
      beforeAll(async () => {
        arena = await addServer(crew.owner, crew.network.id, 'Arena');
        await heartbeat(t, arena.token, [moe]);
      });
      const newestAudit = async (): Promise<AuditEntry | undefined> =>
        (
          expectStatus(
            await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit`).query({ limit: 1 }),
            200,
          ).body as { data: AuditListResponse }
        ).data.entries[0];

      it.each(
        (['kick', 'warn', 'ban', 'unban'] as const).flatMap((action) =>
          ACTORS.map((actor) => [action, actor] as const),
        ),
      )('%s as %s', async (action, actor) => {
        // An unban needs a ban to lift (else 409, whoever asks).
        if (action === 'unban') actionOf(await act(moe.steamId, 'ban', { serverId: arena.id }));
        const before = { rows: await moderationRows(), newest: (await newestAudit())?.id };
        const reason = `${action} by ${actor}`;
        const res = await act(moe.steamId, action, { serverId: arena.id, reason }, agentOf(t, crew, actor));
        expectStatus(res, STATUS[actor]);
        if (actor === 'demo')
          expect(res.body).toEqual({ success: false, error: DEMO_READ_ONLY_MESSAGE, code: 'DEMO_READ_ONLY' });
        const done = res.status === 201 ? 1 : 0;
        expect(await moderationRows()).toEqual({
          punishments: before.rows.punishments + done,
          commands: before.rows.commands + done,
          audit: before.rows.audit + done,
        });
        const newest = await newestAudit();
        if (done)
          expect(newest).toMatchObject({
            action: AUDITED[action],
            actorName: crew[actor as 'owner' | 'admin' | 'moderator'].user.name,
            targetType: 'player',
            targetName: moe.name,
            details: { steamId: moe.steamId, reason, serverId: arena.id },
          });
        else expect(newest?.id).toBe(before.newest);
      });
    });
  });

  describe('GET /api/docs-json', () => {
    it.each(['kick', 'warn', 'ban', 'unban'])(
      'documents the body of POST /api/players/{steamId}/%s: its fields, the required serverId, an example',
      async (action) => {
        const body = await documentedBody(t, 'post', `/api/players/{steamId}/${action}`);
        expect(body).toMatchObject({
          type: 'object',
          // An unban says why (the dialog asks); the others default their reason.
          required: action === 'unban' ? ['serverId', 'reason'] : ['serverId'],
          additionalProperties: false,
          properties: { serverId: { type: 'string', minLength: 1 }, reason: { type: 'string' } },
          example: { serverId: '…' },
        });
        expect(Object.keys(body.properties ?? {})).toEqual(
          action === 'ban'
            ? ['serverId', 'reason', 'duration', 'scope', 'reportId']
            : action === 'unban'
              ? ['serverId', 'reason']
              : ['serverId', 'reason', 'reportId'],
        );
      },
    );
  });
});
