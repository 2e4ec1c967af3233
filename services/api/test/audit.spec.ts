import type { AuditEntry, AuditListResponse } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { createTestApp, type TestApp } from './support';
import {
  ACTORS,
  agentOf,
  createCrew,
  expectStatus,
  memberIdOf,
  statusesFor,
  type Crew,
} from './support/crew';
import { routesOf } from './support/route-list';

/** Who reads the audit log: audit.view in the one matrix (owner, admin, moderator). */
const AUDIT_STATUSES = statusesFor('audit.view');

describe('audit log API', () => {
  let t: TestApp;
  let crew: Crew;
  const audit = (query = '') => `/api/networks/${crew.network.id}/audit${query}`;
  beforeAll(async () => {
    t = await createTestApp();
    crew = await createCrew(t);
  });
  afterAll(() => t.close());

  describe('GET /api/networks/:id/audit', () => {
    it.each(ACTORS)('%s', async (actor) => {
      expectStatus(await agentOf(t, crew, actor).get(audit()), AUDIT_STATUSES[actor]);
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
        nextCursor: expect.any(String),
      });
      expect(second).toMatchObject({ currentPage: 2, hasNextPage: true, hasPreviousPage: true });
      expect(second.entries).toHaveLength(3);
      const ids = [...first.entries, ...second.entries].map((entry) => entry.id);
      expect(new Set(ids).size).toBe(6);
      const last = (await crew.owner.agent.get(audit('?page=6&limit=3')).expect(200)).body
        .data as AuditListResponse;
      expect(last.entries.map((entry) => entry.action)).toEqual(['network.created']);
      expect(last).toMatchObject({ hasNextPage: false, nextCursor: null });
    });

    it('reads the same entries back by cursor as by page, and says where the page stands', async () => {
      const byPage: string[] = [];
      for (let page = 1; page <= 6; page++) {
        const res = await crew.owner.agent.get(audit(`?page=${page}&limit=3`)).expect(200);
        byPage.push(...(res.body.data as AuditListResponse).entries.map((entry) => entry.id));
      }
      const byCursor: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
        const page = (await crew.moderator.agent.get(audit(query)).expect(200)).body
          .data as AuditListResponse;
        pages++;
        expect(page).toMatchObject({ currentPage: pages, totalPages: 6, hasPreviousPage: pages > 1 });
        byCursor.push(...page.entries.map((entry) => entry.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages).toBe(6);
      expect(byCursor).toEqual(byPage);
      expect(new Set(byCursor).size).toBe(16);
    });

    it.each([
      ['?page=0', 'page', MESSAGES.page],
      ['?limit=101', 'limit', MESSAGES.auditLimit],
      ['?limit=0', 'limit', MESSAGES.auditLimit],
      ['?limit=abc', 'limit', MESSAGES.auditLimit],
      ['?action=server.exploded', 'action', MESSAGES.auditAction],
      ['?action=server.added,nope', 'action', MESSAGES.auditAction],
      ['?cursor=not-a-cursor', 'cursor', MESSAGES.auditCursor],
      ['?cursor=MTIzNDU2Nzg5MC4%3D%3D', 'cursor', MESSAGES.auditCursor],
      ['?page=2&cursor=MTcwMDAwMDAwMDAwMC5hYmM', 'cursor', MESSAGES.auditCursorWithPage],
      ['?from=yesterday', 'from', MESSAGES.auditFrom],
      ['?to=2026-13-01T00:00:00Z', 'to', MESSAGES.auditTo],
      ['?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z', 'from', MESSAGES.auditRange],
      ['?serverId=%25', 'serverId', MESSAGES.auditServerId],
      ['?actorId=a%20b', 'actorId', MESSAGES.auditActorId],
    ])('refuses %s with 400 on %s: "%s"', async (query, field, message) => {
      const res = await crew.owner.agent.get(audit(query)).expect(400);
      expect(res.body).toMatchObject({
        success: false,
        error: message,
        code: 'VALIDATION_FAILED',
        details: [{ field, message }],
      });
    });
  });

  it('is append-only: no route edits or deletes an entry', () => {
    const routes = routesOf(t.app).filter((route) => /audit/i.test(route.path));
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/networks/:id/audit' },
        { method: 'GET', path: '/api/networks/:id/audit.csv' },
      ]),
    );
    expect(routes.filter((route) => route.method !== 'GET' && route.method !== 'HEAD')).toEqual([]);
  });
});
