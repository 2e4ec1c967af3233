import { RequestContext } from '@mikro-orm/core';
import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type AuditListResponse } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { AuditEntryRecord } from '../src/modules/audit/audit-entry.entity';
import { createTestApp, type TestApp } from './support';
import { ACTORS, agentOf, countRows, createCrew, expectStatus, statusesFor, type Crew } from './support/crew';
import { addServer, heartbeat, steamIdOf } from './support/plugin';

/** Splits CSV text into rows of cells (quoted cells may hold commas, quotes and line breaks). */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && char === '"') quoted = false;
    else if (quoted) cell += char;
    else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return rows;
};

/** Who reads the audit log: audit.view in the one matrix (owner, admin, moderator). */
const AUDIT_STATUSES = statusesFor('audit.view');

describe('audit log filters and CSV export', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let main: { id: string };
  let second: { id: string };
  const audit = (query = '', network = crew) => `/api/networks/${network.network.id}/audit${query}`;
  const csv = (query = '', network = crew) => `/api/networks/${network.network.id}/audit.csv${query}`;
  const list = async (query: string, who = crew.owner): Promise<AuditEntry[]> =>
    (expectStatus(await who.agent.get(audit(query)), 200).body.data as AuditListResponse).entries;
  const actions = (entries: AuditEntry[]) => entries.map((entry) => `${entry.action} ${entry.targetName}`);

  beforeAll(async () => {
    t = await createTestApp();
    crew = await createCrew(t);
    other = await createCrew(t, 'Other Network');
    main = await addServer(crew.owner, crew.network.id, 'Main');
    const secondServer = await addServer(crew.admin, crew.network.id, 'Second');
    second = secondServer;
    const mainToken = (await addServer(other.owner, other.network.id, 'Elsewhere')).token;
    await heartbeat(t, mainToken, []);
    const token = (
      expectStatus(await crew.owner.agent.post(`/api/servers/${main.id}/token`), 200).body.data as {
        token: string;
      }
    ).token;
    await heartbeat(t, token, [{ steamId: steamIdOf(1), name: '=SUM(A1)', ip: '203.0.113.1' }]);
    expectStatus(
      await crew.moderator.agent
        .post(`/api/players/${steamIdOf(1)}/warn`)
        .send({ serverId: main.id, reason: 'Said "hi", then\nspammed' }),
      201,
    );
    expectStatus(
      await crew.owner.agent.post(`/api/servers/${main.id}/console`).send({ command: 'say hi' }),
      202,
    );
    expectStatus(
      await crew.admin.agent.patch(`/api/servers/${second.id}`).send({ name: 'Second Renamed' }),
      200,
    );
  });
  afterAll(() => t.close());

  describe('GET /api/networks/:id/audit filters', () => {
    it('serverId: entries that target the server or name it in their details', async () => {
      expect(actions(await list(`?serverId=${main.id}`))).toEqual([
        'server.consoleCommandRun Main',
        'player.warned =SUM(A1)',
        'server.tokenRotated Main',
        'server.added Main',
      ]);
      expect(actions(await list(`?serverId=${second.id}`))).toEqual([
        'server.updated Second Renamed',
        'server.added Second',
      ]);
    });

    it("actorId, action (one or a list) and both together; another network's entries never show", async () => {
      expect(actions(await list(`?actorId=${crew.moderator.user.id}`))).toEqual([
        'player.warned =SUM(A1)',
        `member.joined ${crew.moderator.user.name}`,
      ]);
      expect(actions(await list('?action=player.warned'))).toEqual(['player.warned =SUM(A1)']);
      expect(actions(await list('?action=server.updated, player.warned'))).toEqual([
        'server.updated Second Renamed',
        'player.warned =SUM(A1)',
      ]);
      expect(await list(`?action=server.added&actorId=${crew.owner.user.id}`)).toHaveLength(1);
      expect(await list(`?actorId=${other.owner.user.id}`)).toEqual([]);
      const elsewhere = (
        expectStatus(await other.owner.agent.get(audit('?action=server.added', other)), 200).body
          .data as AuditListResponse
      ).entries[0];
      expect(await list(`?serverId=${elsewhere.targetId}`)).toEqual([]);
    });

    it('from and to (inclusive) bound the time', async () => {
      const all = await list('?limit=100');
      const warned = all.find((entry) => entry.action === 'player.warned')!;
      const at = encodeURIComponent(warned.createdAt);
      const upTo = await list(`?to=${at}&limit=100`);
      expect(upTo.map((entry) => entry.id)).toContain(warned.id);
      expect(upTo.every((entry) => entry.createdAt <= warned.createdAt)).toBe(true);
      const since = await list(`?from=${at}&limit=100`);
      expect(since.map((entry) => entry.id)).toContain(warned.id);
      expect(since.every((entry) => entry.createdAt >= warned.createdAt)).toBe(true);
      expect(upTo.length + since.length).toBeGreaterThanOrEqual(all.length + 1);
      expect(await list('?from=2999-01-01T00:00:00Z')).toEqual([]);
    });

    it('a cursor page keeps the filters', async () => {
      const first = expectStatus(await crew.owner.agent.get(audit(`?serverId=${main.id}&limit=3`)), 200).body
        .data as AuditListResponse;
      expect(first).toMatchObject({ totalCount: 4, hasNextPage: true });
      const next = expectStatus(
        await crew.owner.agent.get(audit(`?serverId=${main.id}&limit=3&cursor=${first.nextCursor}`)),
        200,
      ).body.data as AuditListResponse;
      expect(actions(next.entries)).toEqual(['server.added Main']);
      expect(next).toMatchObject({
        currentPage: 2,
        hasNextPage: false,
        hasPreviousPage: true,
        nextCursor: null,
      });
    });
  });

  describe('GET /api/networks/:id/audit.csv', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const res = expectStatus(await agentOf(t, crew, actor).get(csv()), AUDIT_STATUSES[actor]);
      if (res.status === 200) expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      else expect(res.body).toMatchObject({ success: false });
    });

    it('answers a header row and the filtered entries, escaped and safe to open in a spreadsheet', async () => {
      const res = await crew.owner.agent.get(csv(`?serverId=${main.id}&action=player.warned`)).expect(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="audit-${crew.network.id}.csv"`);
      expect(res.headers['x-audit-truncated']).toBeUndefined();
      const rows = parseCsv(res.text);
      expect(rows[0]).toEqual([
        'time',
        'action',
        'action_label',
        'actor_id',
        'actor',
        'target_type',
        'target_id',
        'target',
        'details',
      ]);
      expect(rows).toHaveLength(2);
      const [time, action, label, actorId, actor, targetType, , target, details] = rows[1];
      expect([action, label, actorId, actor, targetType]).toEqual([
        'player.warned',
        'Player warned',
        crew.moderator.user.id,
        crew.moderator.user.name,
        'player',
      ]);
      expect(Date.parse(time)).not.toBeNaN();
      // A player named =SUM(A1) would run as a formula: the cell starts with a quote instead.
      expect(target).toBe("'=SUM(A1)");
      // The details as the Audit Log says them, never JSON.
      expect(details).toBe('Warned on Main. Reason: Said "hi", then\nspammed.');
      // The details cell holds quotes, commas and a line break: quoted, its quotes doubled.
      expect(res.text).toContain(',"Warned on Main. Reason: Said ""hi"", then\nspammed."');
    });

    it('refuses bad input with 400 and the field, as the list does', async () => {
      const res = await crew.owner.agent.get(csv('?action=nope')).expect(400);
      expect(res.body).toMatchObject({ error: MESSAGES.auditAction, details: [{ field: 'action' }] });
      const range = await crew.owner.agent
        .get(csv('?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z'))
        .expect(400);
      expect(range.body).toMatchObject({ error: MESSAGES.auditRange });
    });

    it(`holds at most ${AUDIT_EXPORT_MAX_ROWS} rows, the newest, and says it cut`, async () => {
      const base = Date.parse('2026-01-01T00:00:00Z');
      await RequestContext.create(t.orm.em, async () => {
        const em = t.orm.em.fork();
        for (let i = 0; i < AUDIT_EXPORT_MAX_ROWS + 2; i++)
          em.create(AuditEntryRecord, {
            id: `bulk-${String(i).padStart(6, '0')}`,
            networkId: other.network.id,
            networkName: 'Other Network',
            action: 'invite.created',
            actorId: other.owner.user.id,
            actorName: 'Olivia Owner',
            targetType: 'invite',
            targetId: `invite-${i}`,
            targetName: `CODE${i}`,
            createdAt: new Date(base + i * 1000),
          });
        await em.flush();
      });
      const before = await countRows(t, 'audit_entries');
      const res = await other.owner.agent
        .get(csv('?action=invite.created&to=2026-06-01T00:00:00Z', other))
        .expect(200);
      expect(res.headers['x-audit-truncated']).toBe('true');
      const rows = parseCsv(res.text);
      expect(rows).toHaveLength(AUDIT_EXPORT_MAX_ROWS + 1);
      expect(rows[1][7]).toBe(`CODE${AUDIT_EXPORT_MAX_ROWS + 1}`);
      expect(rows.at(-1)![7]).toBe('CODE2');
      expect(await countRows(t, 'audit_entries')).toBe(before);
    });
  });
});
