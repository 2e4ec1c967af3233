import {
  INVITE_CODE_PATTERN,
  checkUsernameSchema,
  createInviteSchema,
  createNetworkSchema,
  createServerSchema,
  joinInviteSchema,
  networkSettingsSchema,
  normalizeInviteCode,
  updateMemberRoleSchema,
  updateNetworkSchema,
  updateServerSchema,
  validateInviteCode,
  validateRequest,
} from './index';

describe('invite code', () => {
  it('is required after trimming', () => {
    expect(validateInviteCode('')).toBe('Invite code is required');
    expect(validateInviteCode('   ')).toBe('Invite code is required');
    expect(validateInviteCode(undefined)).toBe('Invite code is required');
    expect(validateInviteCode('\u200b\u00a0')).toBe('Invite code is required');
  });

  // As a chat app or a document hands it over: invisible characters around it, typographic dashes.
  it.each([
    ['zero-width spaces', '\u200bK7Q2M-9XBTR-4HZ8W\u200b'],
    ['no-break and narrow spaces', '\u00a0K7Q2M-9XBTR-4HZ8W\u202f'],
    ['a byte-order mark and a word joiner', '\ufeffK7Q2M-9XBTR-4HZ8W\u2060'],
    ['a tab and a new line', '\tK7Q2M-9XBTR-4HZ8W\r\n'],
    ['en dashes', 'K7Q2M\u20139XBTR\u20134HZ8W'],
    ['non-breaking hyphens and a soft hyphen', 'K7Q2M\u20119XBTR\u2011\u00ad4HZ8W'],
  ])('takes a code with %s', (_what, pasted) => {
    expect(validateInviteCode(pasted)).toBeNull();
    expect(validateRequest(joinInviteSchema, { inviteCode: pasted })).toEqual({
      success: true,
      data: { inviteCode: 'K7Q2M-9XBTR-4HZ8W' },
    });
  });

  it('is three groups of five letters or digits, normalised for case and spaces', () => {
    expect(INVITE_CODE_PATTERN.test('K7Q2M-9XBTR-4HZ8W')).toBe(true);
    expect(validateRequest(joinInviteSchema, { inviteCode: ' k7q2m-9xbtr -4hz8w ' })).toEqual({
      success: true,
      data: { inviteCode: 'K7Q2M-9XBTR-4HZ8W' },
    });
  });

  // As a person types it from a screen or a call: any case, spaces or dashes anywhere, or none.
  it.each([
    'k7q2m-9xbtr-4hz8w',
    'k7q2m 9xbtr 4hz8w',
    'K7Q2M9XBTR4HZ8W',
    '  k7q2m - 9xbtr - 4hz8w  ',
    'k7q2m--9xbtr--4hz8w',
    'K7Q 2M9-XBT R4H-Z8W',
    '\uff2b\uff17\uff31\uff12\uff2d-9xbtr-4hz8w',
  ])('takes %j as typed', (typed) => {
    expect(validateInviteCode(typed)).toBeNull();
    expect(normalizeInviteCode(typed)).toBe('K7Q2M-9XBTR-4HZ8W');
  });

  it.each([
    'K7Q2M9XBTR4HZ8',
    'K7Q2-9XBTR-4HZ8W',
    'K7Q2M-9XBTR-4HZ8W-AAAAA',
    'K7Q2M_9XBTR_4HZ8W',
    'K7Q2M-9XBTR-4HZ8!',
  ])('refuses %s with the spec message', (code) => {
    expect(validateInviteCode(code)).toBe('Invalid invite code. Please check and try again.');
  });
});

describe('network bodies', () => {
  it('creates with a name and optional description and gradient', () => {
    expect(createNetworkSchema.parse({ name: '  Rust EU  ' })).toEqual({ name: 'Rust EU' });
    expect(
      createNetworkSchema.parse({
        name: 'Rust EU',
        description: 'Weekly wipes',
        gradient: { from: '#3b82f6', to: '#1d4ed8', direction: '135deg' },
      }),
    ).toEqual({
      name: 'Rust EU',
      description: 'Weekly wipes',
      gradient: { from: '#3b82f6', to: '#1d4ed8', direction: '135deg' },
    });
  });

  it('answers a missing name with the form message', () => {
    expect(validateRequest(createNetworkSchema, {})).toEqual({
      success: false,
      error: 'Network name is required',
      details: [{ field: 'name', message: 'Network name is required' }],
    });
  });

  it('refuses fields a client must not set (no mass assignment)', () => {
    const result = validateRequest(updateNetworkSchema, { name: 'Ok', owner: 'me', role: 'owner', id: 'x' });
    expect(result).toEqual({
      success: false,
      error: 'Unknown field "owner"',
      details: [
        { field: 'owner', message: 'Unknown field "owner"' },
        { field: 'role', message: 'Unknown field "role"' },
        { field: 'id', message: 'Unknown field "id"' },
      ],
    });
  });

  it('updates any subset, notifications included', () => {
    expect(updateNetworkSchema.parse({ notifications: { newMembers: true } })).toEqual({
      notifications: { newMembers: true },
    });
    expect(validateRequest(updateNetworkSchema, { notifications: { serverOffline: 'yes' } })).toMatchObject({
      success: false,
      details: [
        { field: 'notifications.serverOffline', message: 'Notification settings must be true or false' },
      ],
    });
    expect(validateRequest(updateNetworkSchema, { description: 'x'.repeat(501) })).toMatchObject({
      error: 'Description must be 500 characters or less',
    });
  });

  it('validates the settings form with every field', () => {
    const form = {
      networkName: 'Rust EU',
      description: '',
      notifications: { serverOffline: true, newMembers: false },
    };
    expect(networkSettingsSchema.parse(form)).toEqual(form);
    expect(validateRequest(networkSettingsSchema, { ...form, networkName: ' ' })).toMatchObject({
      details: [{ field: 'networkName', message: 'Network name is required' }],
    });
  });
});

describe('server bodies', () => {
  it('creates with a name and an optional connection address', () => {
    expect(createServerSchema.parse({ name: 'Main', connectionAddress: 'play.example.com:28015' })).toEqual({
      name: 'Main',
      connectionAddress: 'play.example.com:28015',
    });
    expect(validateRequest(createServerSchema, { name: 'a'.repeat(51) })).toMatchObject({
      error: 'Server name must be less than 50 characters',
    });
    expect(validateRequest(createServerSchema, { name: 'Main', connectionAddress: '1.2.3.4' })).toMatchObject(
      {
        details: [
          {
            field: 'connectionAddress',
            message: 'Connection address must be in the format IP:PORT or DOMAIN:PORT',
          },
        ],
      },
    );
  });

  it('refuses a status or token sent by the client', () => {
    expect(validateRequest(updateServerSchema, { status: 'online', token: 't' })).toMatchObject({
      details: [
        { field: 'status', message: 'Unknown field "status"' },
        { field: 'token', message: 'Unknown field "token"' },
      ],
    });
  });
});

describe('invite bodies', () => {
  it('defaults to 50 uses over 168 hours (spec section 9)', () => {
    expect(createInviteSchema.parse({ networkId: 'net-1' })).toEqual({
      networkId: 'net-1',
      role: 'member',
      maxUses: 50,
      expiresInHours: 168,
    });
  });

  it('keeps the dashboard invite: 1 use, 24 hours, and where it came from', () => {
    expect(
      createInviteSchema.parse({
        networkId: 'net-1',
        maxUses: 1,
        expiresInHours: 24,
        metadata: { createdFrom: 'network-dashboard' },
      }),
    ).toEqual({
      networkId: 'net-1',
      role: 'member',
      maxUses: 1,
      expiresInHours: 24,
      metadata: { createdFrom: 'network-dashboard' },
    });
  });

  it.each([0, 101, 2.5, '10'])('refuses maxUses %j', (maxUses) => {
    expect(validateRequest(createInviteSchema, { networkId: 'n', maxUses })).toMatchObject({
      error: 'Uses must be a whole number from 1 to 100',
    });
  });

  it.each([1, 100])('accepts maxUses %j', (maxUses) => {
    expect(createInviteSchema.parse({ networkId: 'n', maxUses }).maxUses).toBe(maxUses);
  });

  it.each([0, 8761, -1])('refuses expiresInHours %j', (expiresInHours) => {
    expect(validateRequest(createInviteSchema, { networkId: 'n', expiresInHours })).toMatchObject({
      error: 'Expiry must be a whole number of hours from 1 to 8760',
    });
  });

  it.each(['member', 'moderator'] as const)('gives whoever joins the role %s', (role) => {
    expect(createInviteSchema.parse({ networkId: 'n', role }).role).toBe(role);
  });

  it.each(['admin', 'owner', 'Moderator', '', 1])('refuses the role %j', (role) => {
    expect(validateRequest(createInviteSchema, { networkId: 'n', role })).toMatchObject({
      error: "An invite's role must be member or moderator",
      details: [{ field: 'role', message: "An invite's role must be member or moderator" }],
    });
  });

  it('needs a network', () => {
    expect(validateRequest(createInviteSchema, { networkId: ' ' })).toMatchObject({
      error: 'Network is required',
    });
  });
});

describe('member role', () => {
  it.each(['admin', 'moderator', 'member'])('accepts %s', (role) => {
    expect(updateMemberRoleSchema.parse({ role })).toEqual({ role });
  });

  it.each(['owner', 'superuser', ''])('refuses %j: ownership is never handed over here', (role) => {
    expect(validateRequest(updateMemberRoleSchema, { role })).toMatchObject({
      error: 'Role must be admin, moderator or member',
    });
  });
});

describe('username availability body', () => {
  it('checks the username rules', () => {
    expect(validateRequest(checkUsernameSchema, { username: 'support' })).toMatchObject({
      details: [{ field: 'username', message: 'This username is reserved' }],
    });
    expect(checkUsernameSchema.parse({ username: 'raider' })).toEqual({ username: 'raider' });
  });
});
