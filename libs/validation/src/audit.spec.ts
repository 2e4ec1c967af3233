import { AUDIT_MAX_PAGE_SIZE, AUDIT_PAGE_SIZE } from '@outpost/contracts';
import {
  auditFilterSchema,
  auditQuerySchema,
  dashboardActivityQuerySchema,
  encodeAuditCursor,
} from './audit';
import { MESSAGES } from './messages';

const issue = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((found) => [found.path.join('.'), found.message]);

describe('the audit log query', () => {
  it('defaults to the first page of AUDIT_PAGE_SIZE and ignores empty filters', () => {
    expect(auditQuerySchema.parse({ serverId: '', action: '', from: '' })).toEqual({
      limit: AUDIT_PAGE_SIZE,
    });
  });

  it('reads the filters: actions as a list without repeats, times as dates, the cursor decoded', () => {
    const at = new Date('2026-11-25T10:00:00.000Z');
    const parsed = auditQuerySchema.parse({
      serverId: ' 3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b ',
      actorId: 'u_1.custom-id',
      action: 'player.banned, player.kicked,player.banned',
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-25T10:00:00+01:00',
      cursor: encodeAuditCursor({ at, id: '0193a5e0c0000000000a1b2c3d4e5f60718' }),
      limit: String(AUDIT_MAX_PAGE_SIZE),
    });
    expect(parsed).toEqual({
      serverId: '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b',
      actorId: 'u_1.custom-id',
      action: ['player.banned', 'player.kicked'],
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-11-25T09:00:00Z'),
      cursor: { at, id: '0193a5e0c0000000000a1b2c3d4e5f60718' },
      limit: AUDIT_MAX_PAGE_SIZE,
    });
  });

  it.each([
    [{ action: 'player.exploded' }, 'action', MESSAGES.auditAction],
    [{ serverId: "x' or 1=1" }, 'serverId', MESSAGES.auditServerId],
    [{ serverId: 'a%' }, 'serverId', MESSAGES.auditServerId],
    [{ serverId: 'a_b' }, 'serverId', MESSAGES.auditServerId],
    [{ actorId: 'a b' }, 'actorId', MESSAGES.auditActorId],
    [{ actorId: '_ab' }, 'actorId', MESSAGES.auditActorId],
    [{ from: '2026-11-25' }, 'from', MESSAGES.auditFrom],
    [{ from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }, 'from', MESSAGES.auditRange],
    [{ cursor: 'nope!' }, 'cursor', MESSAGES.auditCursor],
    [
      { page: '2', cursor: encodeAuditCursor({ at: new Date(0), id: 'a' }) },
      'cursor',
      MESSAGES.auditCursorWithPage,
    ],
    [{ limit: String(AUDIT_MAX_PAGE_SIZE + 1) }, 'limit', MESSAGES.auditLimit],
  ])('refuses %j on %s', (query, field, message) => {
    expect(issue(auditQuerySchema.safeParse(query))).toEqual([[field, message]]);
  });

  it('the export takes the filters only', () => {
    expect(auditFilterSchema.parse({ action: 'server.added', page: '3', cursor: 'x' })).toEqual({
      action: ['server.added'],
    });
  });

  it('Recent Activity takes a limit from 1 to 50, 20 by default', () => {
    expect(dashboardActivityQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(issue(dashboardActivityQuerySchema.safeParse({ limit: '51' }))).toEqual([
      ['limit', MESSAGES.activityLimit],
    ]);
  });
});
