import { RequestContext } from '@mikro-orm/core';
import {
  MEMBER_VISIBLE_AUDIT_ACTIONS,
  type AuditEntry,
  type DashboardActivity,
  type DashboardSummary,
} from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { GameServer } from '../src/modules/servers/server.entity';
import { createTestApp, signIn, type SignedIn, type TestApp } from './support';
import {
  ACTORS,
  agentOf,
  createCrew,
  createNetwork,
  expectStatus,
  joinByInvite,
  type Crew,
} from './support/crew';
import { addServer, heartbeat, steamIdOf } from './support/plugin';

describe('dashboard API', () => {
  let t: TestApp;
  let crew: Crew;
  let main: { id: string };
  beforeAll(async () => {
    t = await createTestApp();
    crew = await createCrew(t);
    main = await addServer(crew.owner, crew.network.id, 'Main');
    const { token } = expectStatus(await crew.owner.agent.post(`/api/servers/${main.id}/token`), 200).body
      .data as { token: string };
    await heartbeat(t, token, [{ steamId: steamIdOf(7), name: 'Griefer', ip: '203.0.113.7' }]);
    expectStatus(
      await crew.moderator.agent
        .post(`/api/players/${steamIdOf(7)}/warn`)
        .send({ serverId: main.id, reason: 'Stop' }),
      201,
    );
    expectStatus(
      await crew.admin.agent.post(`/api/servers/${main.id}/console`).send({ command: 'say secret' }),
      202,
    );
  });
  afterAll(() => t.close());

  const activity = async (who: SignedIn, query = ''): Promise<AuditEntry[]> =>
    (expectStatus(await who.agent.get(`/api/dashboard/activity${query}`), 200).body.data as DashboardActivity)
      .entries;
  const actions = (entries: AuditEntry[]) => entries.map((entry) => entry.action);

  describe('GET /api/dashboard/activity', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const res = await agentOf(t, crew, actor).get('/api/dashboard/activity');
      expectStatus(res, actor === 'anonymous' ? 401 : 200);
    });

    it.each(['owner', 'admin', 'moderator'] as const)(
      '%s (audit.view) sees every entry whole, newest first',
      async (who) => {
        const entries = await activity(crew[who]);
        expect(actions(entries).slice(0, 4)).toEqual([
          'server.consoleCommandRun',
          'player.warned',
          'server.tokenRotated',
          'server.added',
        ]);
        expect(entries[0].details).toMatchObject({ command: 'say secret' });
        expect(entries.every((entry) => entry.networkId === crew.network.id)).toBe(true);
        const times = entries.map((entry) => entry.createdAt);
        expect([...times].sort().reverse()).toEqual(times);
      },
    );

    it('a member sees moderation outcomes and servers added, never console commands, invites or roles', async () => {
      for (const who of [crew.member, crew.demo]) {
        const entries = await activity(who);
        expect(actions(entries)).toEqual(['player.warned', 'server.added']);
        expect(entries[0]).toMatchObject({
          actorName: crew.moderator.user.name,
          targetName: 'Griefer',
          details: { steamId: steamIdOf(7), serverId: main.id, reason: 'Stop' },
        });
        expect(
          entries.every((entry) =>
            (MEMBER_VISIBLE_AUDIT_ACTIONS as readonly string[]).includes(entry.action),
          ),
        ).toBe(true);
        expect(JSON.stringify(entries)).not.toContain('say secret');
      }
    });

    it('mixes networks by role and never shows a network the user is not in', async () => {
      const user = await signIn(t, { name: 'Two Hats' });
      expect(await activity(user)).toEqual([]);
      const own = await createNetwork(user, 'Own Network');
      await joinByInvite(crew.owner, user, crew.network.id);
      const entries = await activity(user);
      // Their own network whole (created, and nothing else yet); the crew's: what members see.
      expect(entries.map((entry) => `${entry.networkName} ${entry.action}`)).toEqual([
        'Own Network network.created',
        'Rust Legends player.warned',
        'Rust Legends server.added',
      ]);
      expect(entries.some((entry) => entry.networkId === own.id)).toBe(true);
      expect(await activity(crew.outsider)).toEqual([]);
    });

    it('takes limit from 1 to 50 (default 20); else 400 with the field', async () => {
      expect(await activity(crew.owner, '?limit=2')).toHaveLength(2);
      expect(await activity(crew.owner)).toHaveLength(
        Math.min(20, (await activity(crew.owner, '?limit=50')).length),
      );
      for (const limit of ['0', '51', 'abc', '1.5']) {
        const res = await crew.owner.agent.get(`/api/dashboard/activity?limit=${limit}`).expect(400);
        expect(res.body).toMatchObject({
          success: false,
          error: MESSAGES.activityLimit,
          details: [{ field: 'limit', message: MESSAGES.activityLimit }],
        });
      }
    });
  });

  describe('GET /api/dashboard/summary', () => {
    it("sums the user's networks, servers and online players", async () => {
      const user = await signIn(t, { name: 'Dash Board' });
      expect((await user.agent.get('/api/dashboard/summary').expect(200)).body.data).toEqual({
        networks: 0,
        totalServers: 0,
        onlinePlayers: 0,
        serversOnline: 0,
      } satisfies DashboardSummary);
      const first = await createNetwork(user, 'Dash One');
      const second = await createNetwork(user, 'Dash Two');
      const ids: string[] = [];
      for (const [networkId, name] of [
        [first.id, 'A'],
        [first.id, 'B'],
        [second.id, 'C'],
      ])
        ids.push((await addServer(user, networkId, name)).id);
      // Status and players come from the plugin's heartbeats; set them as a heartbeat would.
      await RequestContext.create(t.orm.em, async () => {
        const em = t.orm.em.fork();
        await em.nativeUpdate(GameServer, { id: ids[0] }, { status: 'online', playerCount: 12 });
        await em.nativeUpdate(GameServer, { id: ids[2] }, { status: 'online', playerCount: 5 });
      });
      expect((await user.agent.get('/api/dashboard/summary').expect(200)).body.data).toEqual({
        networks: 2,
        totalServers: 3,
        onlinePlayers: 17,
        serversOnline: 2,
      });
      await t.newAgent().get('/api/dashboard/summary').expect(401);
    });
  });
});
