import type { AuditEntry } from '@outpost/contracts';
import { auditCsv, csvCell } from './audit-csv';

describe('audit CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j is written %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes a header row and one CRLF-ended row per entry, the details in sentences', () => {
    const entry: AuditEntry = {
      id: 'e1',
      action: 'player.banned',
      networkId: 'n1',
      networkName: 'Rust Legends',
      actorId: 'u1',
      actorName: 'Ada',
      targetType: 'player',
      targetId: 'p1',
      targetName: 'Bob, the "builder"',
      details: { reason: 'Cheating', serverId: 's1', duration: '7d', scope: 'server' },
      createdAt: '2026-11-25T10:00:00.000Z',
    };
    expect(auditCsv([entry], new Map([['s1', 'EU Main']]))).toBe(
      'time,action,action_label,actor_id,actor,target_type,target_id,target,details\r\n' +
        '2026-11-25T10:00:00.000Z,player.banned,Player banned,u1,Ada,player,p1,' +
        '"Bob, the ""builder""",Banned for 7 days on EU Main. Reason: Cheating.\r\n',
    );
    expect(auditCsv([])).toBe(
      'time,action,action_label,actor_id,actor,target_type,target_id,target,details\r\n',
    );
  });

  it('says times in UTC and a server gone since as deleted', () => {
    const entry: AuditEntry = {
      id: 'e2',
      action: 'invite.created',
      networkId: 'n1',
      networkName: 'Rust Legends',
      actorId: 'u1',
      actorName: 'Ada',
      targetType: 'invite',
      targetId: 'i1',
      targetName: 'ABCDE-FGHIJ-KLMNO',
      details: { maxUses: 1, expiresAt: '2026-11-26T10:30:00.000Z' },
      createdAt: '2026-11-25T10:30:00.000Z',
    };
    const kick: AuditEntry = {
      ...entry,
      action: 'player.kicked',
      details: { serverId: 'gone', reason: 'AFK' },
    };
    const rows = auditCsv([entry, kick]).split('\r\n');
    expect(rows[1]).toMatch(/,Can be used once until 2026-11-26 10:30 UTC\.$/);
    expect(rows[2]).toMatch(/,Kicked from a deleted server\. Reason: AFK\.$/);
  });
});
