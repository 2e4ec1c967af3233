import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLES,
  can,
  canChangeRole,
  canManageMember,
  canRemoveMember,
  roleFromMembers,
  type Permission,
  type Role,
} from './index';

// DESIGN section 4, row by row: [permission, owner, admin, moderator, member].
const MATRIX: [Permission, boolean, boolean, boolean, boolean][] = [
  ['network.view', true, true, true, true],
  ['players.viewIp', true, true, true, false],
  ['console.read', true, true, true, false],
  ['reports.work', true, true, true, false],
  ['servers.manage', true, true, false, false],
  ['invites.manage', true, true, false, false],
  ['members.view', true, true, false, false],
  ['members.remove', true, true, false, false],
  ['members.changeRole', true, false, false, false],
  ['players.moderate', true, true, true, false],
  ['console.run', true, true, false, false],
  ['alerts.manage', true, true, false, false],
  ['network.settings', true, false, false, false],
  ['network.delete', true, false, false, false],
  ['audit.view', true, true, true, false],
  ['automation.view', true, true, true, false],
  ['automation.manage', true, true, false, false],
  ['discord.manage', true, true, false, false],
  ['discord.links', true, true, true, false],
];

describe('role matrix', () => {
  it('covers every permission exactly once', () => {
    expect(MATRIX.map(([permission]) => permission).sort()).toEqual([...PERMISSIONS].sort());
  });

  describe.each(MATRIX)('%s', (permission, owner, admin, moderator, member) => {
    it.each<[Role, boolean]>([
      ['owner', owner],
      ['admin', admin],
      ['moderator', moderator],
      ['member', member],
    ])('%s -> %s', (role, expected) => {
      expect(can(role, permission)).toBe(expected);
      expect(ROLE_PERMISSIONS[role].includes(permission)).toBe(expected);
    });
  });

  it('grants nothing without a role (a non-member)', () => {
    for (const permission of PERMISSIONS) {
      expect(can(null, permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
    }
  });

  it('gives the owner everything and a member only the view (spec section 6)', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSIONS);
    expect(ROLE_PERMISSIONS.member).toEqual(['network.view']);
  });
});

describe('managing members', () => {
  // [actor, target, remove, changeRole, manage]
  const CASES: [Role, Role, boolean, boolean, boolean][] = [
    ['owner', 'owner', false, false, false],
    ['owner', 'admin', true, true, true],
    ['owner', 'member', true, true, true],
    ['admin', 'owner', false, false, false],
    ['admin', 'admin', true, false, true],
    ['admin', 'member', true, false, true],
    ['member', 'owner', false, false, false],
    ['member', 'admin', false, false, false],
    ['member', 'member', false, false, false],
  ];

  it.each(CASES)(
    '%s acting on %s: remove %s, change role %s, manage %s',
    (actor, target, remove, change, manage) => {
      expect(canRemoveMember(actor, target)).toBe(remove);
      expect(canChangeRole(actor, target)).toBe(change);
      expect(canManageMember(actor, target)).toBe(manage);
    },
  );

  it('lets nobody manage without a role', () => {
    for (const target of ROLES) expect(canManageMember(null, target)).toBe(false);
  });
});

describe('roleFromMembers (spec section 6)', () => {
  const members = [
    { userId: 'u-owner', userEmail: 'owner@example.com', role: 'owner' as const },
    { userId: 'u-admin', userEmail: 'Admin@Example.com', role: 'admin' as const },
  ];

  it('matches by id', () => {
    expect(roleFromMembers({ $id: 'u-owner', email: 'other@example.com' }, members)).toBe('owner');
  });

  it('matches by e-mail when the id differs, ignoring case', () => {
    expect(roleFromMembers({ $id: 'someone-else', email: 'admin@example.com' }, members)).toBe('admin');
  });

  it('defaults to member when nothing matches', () => {
    expect(roleFromMembers({ $id: 'x', email: 'x@example.com' }, members)).toBe('member');
  });

  it('defaults to member with no user or no list', () => {
    expect(roleFromMembers(null, members)).toBe('member');
    expect(roleFromMembers({ $id: 'u-owner', email: 'owner@example.com' }, undefined)).toBe('member');
  });

  it('does not match an empty e-mail against a member without one', () => {
    expect(roleFromMembers({ $id: '', email: '' }, [{ userId: 'u', userEmail: '', role: 'admin' }])).toBe(
      'member',
    );
  });
});
