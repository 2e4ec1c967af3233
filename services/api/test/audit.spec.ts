import { RequestContext } from '@mikro-orm/core';
import type { AuditEntry, AuditListResponse, DashboardSummary } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { GameServer } from '../src/modules/servers/server.entity';
import { createTestApp, signIn, type TestApp } from './support';
import {
  ACTORS,
  agentOf,
  createCrew,
  createNetwork,
  expectStatus,
  memberIdOf,
  type Actor,
  statusesFor,
  type Crew,
} from './support/crew';

describe('audit log and dashboard API', () => {
  let t: TestApp;
  let crew: Crew;
  const audit = (query = '') => `/api/networks/${crew.network.id}/audit${query}`;
  beforeAll(async () => {
    t = await createTestApp();
    crew = await createCrew(t);
  });
  afterAll(() => t.close());

  describe('GET /api/networks/:id/audit', () => {
    const expected: Record<Actor, number> = statusesFor('audit.view');
    it.each(ACTORS)('%s', async (actor) => {
      expectStatus(await agentOf(t, crew, actor).get(audit()), expected[actor]);
    });

    it('records every change with actor, target and time, newest first', async () => {
      const { owner, admin, member } = crew;
      const server = (
        await admin.agent
          .post(`/api/servers/network/${crew.network.id}`)
          .send({ name: 'Audited' })
          .expect(201)
      ).body.data;
      await owner.agent.post(`/api/servers/${server.id}/token`).expect(200);
      await owner.agent.delete(`/api/servers/${server.id}`).expect(200);
      const invite = (await admin.agent.post('/api/invites').send({ networkId: crew.network.id }).expect(201))
        .body.data;
      await admin.agent.delete(`/api/invites/${invite.id}`).expect(200);
      const memberId = await memberIdOf(owner, crew.network.id, member.user.id);
      await owner.agent
        .patch(`/api/networks/${crew.network.id}/members/${memberId}`)
        .send({ role: 'admin' })
        .expect(200);
      await owner.agent
        .patch(`/api/networks/${crew.network.id}`)
        .send({ description: 'Audited' })
        .expect(200);

      const res = await admin.agent.get(audit('?limit=7')).expect(200);
      const page = res.body.data as AuditListResponse;
      expect(page.entries.map((entry) => entry.action)).toEqual([
        'network.updated',
        'member.roleChanged',
        'invite.revoked',
        'invite.created',
        'server.deleted',
        'server.tokenRotated',
        'server.added',
      ]);
      expect(page.entries[1]).toEqual({
        id: expect.any(String),
        action: 'member.roleChanged',
        networkId: crew.network.id,
        networkName: 'Rust Legends',
        actorId: owner.user.id,
        actorName: 'Olivia Owner',
        targetType: 'member',
        targetId: member.user.id,
        targetName: 'Mia Member',
        details: { from: 'member', to: 'admin' },
        createdAt: expect.any(String),
      } satisfies AuditEntry);
      expect(page.entries[6]).toMatchObject({
        actorId: admin.user.id,
        targetType: 'server',
        targetName: 'Audited',
      });
      const times = page.entries.map((entry) => Date.parse(entry.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('pages: page, limit, totalCount, totalPages, hasNextPage, hasPreviousPage', async () => {
      const first = (await crew.owner.agent.get(audit('?page=1&limit=3')).expect(200)).body
        .data as AuditListResponse;
      const second = (await crew.owner.agent.get(audit('?page=2&limit=3')).expect(200)).body
        .data as AuditListResponse;
      // network.created, 3 x (invite.created, member.joined), 2 x member.roleChanged, then the 7 above.
      expect(first.totalCount).toBe(16);
      expect(first).toMatchObject({
        currentPage: 1,
        totalPages: 6,
        hasNextPage: true,
        hasPreviousPage: false,
      });
      expect(second).toMatchObject({ currentPage: 2, hasNextPage: true, hasPreviousPage: true });
      expect(second.entries).toHaveLength(3);
      const ids = [...first.entries, ...second.entries].map((entry) => entry.id);
      expect(new Set(ids).size).toBe(6);
      const last = (await crew.owner.agent.get(audit('?page=6&limit=3')).expect(200)).body
        .data as AuditListResponse;
      expect(last.entries.map((entry) => entry.action)).toEqual(['network.created']);
      expect(last.hasNextPage).toBe(false);
    });

    it.each([
      ['?page=0', MESSAGES.page],
      ['?limit=101', MESSAGES.auditLimit],
      ['?limit=abc', MESSAGES.auditLimit],
    ])('refuses %s with 400 "%s"', async (query, message) => {
      const res = await crew.owner.agent.get(audit(query)).expect(400);
      expect(res.body).toMatchObject({ success: false, error: message, code: 'VALIDATION_FAILED' });
    });
  });

  describe('GET /api/dashboard/summary', () => {
    it("sums the user's networks, servers and online players, with their recent activity", async () => {
      const user = await signIn(t, { name: 'Dash Board' });
      const empty = (await user.agent.get('/api/dashboard/summary').expect(200)).body
        .data as DashboardSummary;
      expect(empty).toEqual({
        networks: 0,
        totalServers: 0,
        onlinePlayers: 0,
        serversOnline: 0,
        recentActivity: [],
      });

      const first = await createNetwork(user, 'Dash One');
      const second = await createNetwork(user, 'Dash Two');
      const ids: string[] = [];
      for (const [networkId, name] of [
        [first.id, 'A'],
        [first.id, 'B'],
        [second.id, 'C'],
      ]) {
        const res = await user.agent.post(`/api/servers/network/${networkId}`).send({ name }).expect(201);
        ids.push(res.body.data.id);
      }
      // Status and players come from the plugin's heartbeats; set them as a heartbeat would.
      await RequestContext.create(t.orm.em, async () => {
        const em = t.orm.em.fork();
        await em.nativeUpdate(GameServer, { id: ids[0] }, { status: 'online', playerCount: 12 });
        await em.nativeUpdate(GameServer, { id: ids[2] }, { status: 'online', playerCount: 5 });
        await em.nativeUpdate(GameServer, { id: ids[1] }, { status: 'offline', playerCount: 0 });
      });

      const summary = (await user.agent.get('/api/dashboard/summary').expect(200)).body
        .data as DashboardSummary;
      expect(summary).toMatchObject({ networks: 2, totalServers: 3, onlinePlayers: 17, serversOnline: 2 });
      expect(summary.recentActivity.map((entry) => `${entry.action} ${entry.targetName}`)).toEqual([
        'server.added C',
        'server.added B',
        'server.added A',
        'network.created Dash Two',
        'network.created Dash One',
      ]);
      // Nothing of networks the user is not in.
      expect(summary.recentActivity.every((entry) => [first.id, second.id].includes(entry.networkId!))).toBe(
        true,
      );
    });

    it('shows at most the newest 10 entries; 401 without a token', async () => {
      const summary = (await crew.owner.agent.get('/api/dashboard/summary').expect(200)).body
        .data as DashboardSummary;
      expect(summary.recentActivity).toHaveLength(10);
      expect(summary.recentActivity[0].action).toBe('network.updated');
      await t.newAgent().get('/api/dashboard/summary').expect(401);
    });
  });
});
