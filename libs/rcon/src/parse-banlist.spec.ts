import { parseBanListEx } from './parse-banlist';

describe('parseBanListEx (banlistex)', () => {
  it('reads each line: steamId, quoted name and notes, expiry in Unix seconds or -1', () => {
    const reply = [
      '1 76561198000000001 "Cheater" "Aimbot" -1',
      '2 76561198000000002 "Say \\"hi\\"" "Toxic, 7 days" 1893456000',
      '3 76561198000000003 "" "" 0',
      '',
    ].join('\n');
    expect(parseBanListEx(reply)).toEqual({
      entries: [
        { steamId: '76561198000000001', name: 'Cheater', reason: 'Aimbot', expiresAt: null },
        {
          steamId: '76561198000000002',
          name: 'Say "hi"',
          reason: 'Toxic, 7 days',
          expiresAt: 1893456000_000,
        },
        { steamId: '76561198000000003', name: null, reason: null, expiresAt: null },
      ],
      unreadable: 0,
    });
  });

  it('counts lines it cannot read instead of guessing, and keeps a steamId once', () => {
    const reply =
      'Banned users:\r\n1 76561198000000001 "A" "x" -1\r\n2 76561198000000001 "A" "y" -1\r\nnot a ban\r\n';
    const list = parseBanListEx(reply);
    expect(list.entries.map((entry) => entry.reason)).toEqual(['x']);
    expect(list.unreadable).toBe(2);
  });

  it('answers nothing for an empty list', () => {
    expect(parseBanListEx('')).toEqual({ entries: [], unreadable: 0 });
  });
});
