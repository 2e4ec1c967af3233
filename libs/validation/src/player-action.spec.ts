import { MESSAGES, parseBanDuration, playerActionSchema, unbanSchema, validateRequest } from './index';

describe('player actions (spec sections 7 and 9)', () => {
  it.each([
    ['kick', 'Kicked by administrator'],
    ['warn', 'Warning issued by administrator'],
    ['ban', 'Banned by administrator'],
  ] as const)('%s defaults its reason to %j', (action, reason) => {
    expect(playerActionSchema(action).parse({ serverId: 's1' })).toMatchObject({ serverId: 's1', reason });
    expect(playerActionSchema(action).parse({ serverId: 's1', reason: '   ' })).toMatchObject({ reason });
  });

  it('keeps a given reason, trimmed', () => {
    expect(playerActionSchema('warn').parse({ serverId: 's1', reason: ' Stop spamming chat ' })).toEqual({
      serverId: 's1',
      reason: 'Stop spamming chat',
    });
  });

  it('limits a reason to 500 characters', () => {
    expect(playerActionSchema('kick').safeParse({ serverId: 's1', reason: 'r'.repeat(500) }).success).toBe(
      true,
    );
    expect(
      validateRequest(playerActionSchema('kick'), { serverId: 's1', reason: 'r'.repeat(501) }),
    ).toMatchObject({
      details: [{ field: 'reason', message: 'Reason must be 500 characters or less' }],
    });
  });

  it('needs the server the player is on', () => {
    expect(validateRequest(playerActionSchema('kick'), { reason: 'x' })).toMatchObject({
      error: 'Server is required',
    });
  });

  it('bans permanently when the duration is empty, as the spec sends it', () => {
    expect(playerActionSchema('ban').parse({ serverId: 's1', duration: '' })).toEqual({
      serverId: 's1',
      reason: 'Banned by administrator',
      duration: null,
      durationSeconds: null,
      scope: 'network',
    });
    expect(playerActionSchema('ban').parse({ serverId: 's1' })).toMatchObject({
      duration: null,
      durationSeconds: null,
    });
  });

  it('bans for a duration', () => {
    expect(playerActionSchema('ban').parse({ serverId: 's1', duration: ' 2W ' })).toMatchObject({
      duration: '2w',
      durationSeconds: 1_209_600,
    });
  });

  it('refuses an unreadable duration', () => {
    expect(validateRequest(playerActionSchema('ban'), { serverId: 's1', duration: 'forever' })).toMatchObject(
      {
        details: [
          {
            field: 'duration',
            message: 'Duration must be empty for a permanent ban, or like 30m, 12h, 7d or 2w',
          },
        ],
      },
    );
  });

  it('refuses a duration on a kick', () => {
    expect(validateRequest(playerActionSchema('kick'), { serverId: 's1', duration: '1h' })).toMatchObject({
      details: [{ field: 'duration', message: 'Unknown field "duration"' }],
    });
  });
});

describe('parseBanDuration', () => {
  it.each([
    ['30m', 1800],
    ['12h', 43_200],
    ['7d', 604_800],
    ['2w', 1_209_600],
    ['1 h', 3600],
    ['7D', 604_800],
  ])('%s is %d seconds', (text, seconds) => {
    expect(parseBanDuration(text)).toBe(seconds);
  });

  it.each(['', '  ', 'forever', '0d', '5', 'd', '1y', '-1h', '1.5h', null, undefined])(
    '%j is not a duration',
    (text) => {
      expect(parseBanDuration(text)).toBeNull();
    },
  );
});

describe('unban: a reason is required', () => {
  it('keeps the reason, trimmed', () => {
    expect(unbanSchema.parse({ serverId: ' s1 ', reason: '  Appeal accepted ' })).toEqual({
      serverId: 's1',
      reason: 'Appeal accepted',
    });
  });

  it.each([undefined, null, '', '   '])('refuses the reason %j with its field and message', (reason) => {
    expect(validateRequest(unbanSchema, { serverId: 's1', reason })).toMatchObject({
      success: false,
      error: MESSAGES.unbanReasonRequired,
      details: [{ field: 'reason', message: MESSAGES.unbanReasonRequired }],
    });
  });

  it('refuses a reason over 500 characters', () => {
    expect(validateRequest(unbanSchema, { serverId: 's1', reason: 'r'.repeat(501) })).toMatchObject({
      success: false,
      details: [{ field: 'reason', message: MESSAGES.reasonTooLong }],
    });
  });
});
