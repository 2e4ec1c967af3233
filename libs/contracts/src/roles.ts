// One role/permission matrix (DESIGN section 4, spec section 6), used by the API to enforce and
// by the UI to decide what to show. The demo user is an 'admin' of the demo network (it sees
// what an admin sees); its read-only restriction is not a role: the API refuses every write by
// DEMO_USER_ID on its own (DEMO_READ_ONLY), so nothing here needs to know about demo mode.

/** From most to least trusted. A moderator works players and reports, and reads the console. */
export const ROLES = ['owner', 'admin', 'moderator', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** The roles the owner may give a member (the owner is never given or taken away). */
export const ASSIGNABLE_ROLES = ['admin', 'moderator', 'member'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** The roles an invite may give whoever joins with it: staff above a moderator are made by hand. */
export const INVITE_ROLES = ['member', 'moderator'] as const satisfies readonly AssignableRole[];
export type InviteRole = (typeof INVITE_ROLES)[number];

export const PERMISSIONS = [
  /** See the network, its servers, analytics and players. */
  'network.view',
  'players.viewIp',
  /** Read a server's console output (lines and command results). */
  'console.read',
  /** Work the players' F7 reports: review, assign, resolve, dismiss, add notes. */
  'reports.work',
  /** Add and delete servers, rotate a server's token. */
  'servers.manage',
  /** Create and revoke invites. */
  'invites.manage',
  /** See the Members tab. */
  'members.view',
  /** Remove non-owner members. */
  'members.remove',
  'members.changeRole',
  /** Kick, warn, ban, unban, edit bans. */
  'players.moderate',
  /** Run console commands. */
  'console.run',
  /** Add, change and remove alert rules and channels; send a channel's test. */
  'alerts.manage',
  /** Name, description, notifications. */
  'network.settings',
  'network.delete',
  'audit.view',
  /** See the network's automations and their runs. */
  'automation.view',
  /** Add, change, run and remove automations. */
  'automation.manage',
  /** Link the network's Discord guild, its channels and role rules; remove a player's link. */
  'discord.manage',
  /** See which players linked their Discord. */
  'discord.links',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const STAFF: readonly Role[] = ['owner', 'admin'];
/** The staff and the moderators: those who moderate players. */
const MODERATORS: readonly Role[] = ['owner', 'admin', 'moderator'];
const OWNER: readonly Role[] = ['owner'];
const EVERYONE: readonly Role[] = ROLES;

const GRANTED_TO: Readonly<Record<Permission, readonly Role[]>> = {
  'network.view': EVERYONE,
  'players.viewIp': MODERATORS,
  'console.read': MODERATORS,
  'reports.work': MODERATORS,
  'servers.manage': STAFF,
  'invites.manage': STAFF,
  'members.view': STAFF,
  'members.remove': STAFF,
  'members.changeRole': OWNER,
  'players.moderate': MODERATORS,
  'console.run': STAFF,
  'alerts.manage': STAFF,
  'network.settings': OWNER,
  'network.delete': OWNER,
  'audit.view': MODERATORS,
  'automation.view': MODERATORS,
  'automation.manage': STAFF,
  'discord.manage': STAFF,
  'discord.links': MODERATORS,
};

/** Each permission in plain words, for screens that show the matrix (the server's Members area). */
export const PERMISSION_LABELS: Readonly<Record<Permission, string>> = {
  'network.view': 'See the network, its servers, players and logs',
  'players.viewIp': "See players' IP addresses",
  'console.read': 'Read the console output',
  'reports.work': "Work the players' F7 reports",
  'servers.manage': 'Add and delete servers, rotate server tokens',
  'invites.manage': 'Create and revoke invites',
  'members.view': 'See the members list',
  'members.remove': 'Remove members (never the owner)',
  'members.changeRole': "Change members' roles",
  'players.moderate': 'Kick, warn, ban and unban players',
  'console.run': 'Run console commands',
  'alerts.manage': 'Manage alert rules and channels',
  'network.settings': "Change the network's settings",
  'network.delete': 'Delete the network',
  'audit.view': 'See the audit log',
  'automation.view': 'See automations and their runs',
  'automation.manage': 'Add, change, run and remove automations',
  'discord.manage': 'Link the Discord server, its channels and role rules',
  'discord.links': 'See which players linked their Discord',
};

const permissionsOf = (role: Role): readonly Permission[] =>
  PERMISSIONS.filter((permission) => GRANTED_TO[permission].includes(role));

/** The same matrix read by role: what each role may do. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: permissionsOf('owner'),
  admin: permissionsOf('admin'),
  moderator: permissionsOf('moderator'),
  member: permissionsOf('member'),
};

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export const can = (role: Role | null | undefined, permission: Permission): boolean =>
  role != null && GRANTED_TO[permission].includes(role);

/** The owner is never managed: not removed, not demoted. */
export const canRemoveMember = (actorRole: Role | null | undefined, targetRole: Role): boolean =>
  targetRole !== 'owner' && can(actorRole, 'members.remove');

export const canChangeRole = (actorRole: Role | null | undefined, targetRole: Role): boolean =>
  targetRole !== 'owner' && can(actorRole, 'members.changeRole');

/** Whether the Manage button shows for a member: the actor can remove or re-role the target. */
export const canManageMember = (actorRole: Role | null | undefined, targetRole: Role): boolean =>
  canRemoveMember(actorRole, targetRole) || canChangeRole(actorRole, targetRole);

export type RoleLookupUser = { $id?: string | null; id?: string | null; email?: string | null };
export type RoleLookupMember = { userId: string; userEmail?: string | null; role: Role };

/** Spec section 6: match the user in the member list by id or e-mail; the default is member. */
export const roleFromMembers = (
  user: RoleLookupUser | null | undefined,
  members: readonly RoleLookupMember[] | null | undefined,
): Role => {
  if (!user || !members) return 'member';
  const id = user.$id ?? user.id;
  const email = user.email?.trim().toLowerCase();
  const match = members.find(
    (member) =>
      (id != null && id !== '' && member.userId === id) ||
      (!!email && member.userEmail?.trim().toLowerCase() === email),
  );
  return match?.role ?? 'member';
};
