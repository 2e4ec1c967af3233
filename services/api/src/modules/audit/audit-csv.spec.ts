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

  it('writes a header row and one CRLF-ended row per entry, details as JSON', () => {
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
      details: { reason: 'Cheating' },
      createdAt: '2026-11-25T10:00:00.000Z',
    };
    expect(auditCsv([entry])).toBe(
      'time,action,action_label,actor_id,actor,target_type,target_id,target,details\r\n' +
        '2026-11-25T10:00:00.000Z,player.banned,Player banned,u1,Ada,player,p1,' +
        '"Bob, the ""builder""","{""reason"":""Cheating""}"\r\n',
    );
    expect(auditCsv([])).toBe(
      'time,action,action_label,actor_id,actor,target_type,target_id,target,details\r\n',
    );
  });
});
