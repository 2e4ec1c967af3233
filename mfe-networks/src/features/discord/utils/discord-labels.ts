// What the Discord tab calls things: a rule's direction, a sync's cause, and each change of a
// sync's report with its outcome.
import type { DiscordRuleDirection, DiscordSyncChange, DiscordSyncReport } from '@outpost/contracts';
import type { BadgeTone } from '@outpost/ui';

export const DIRECTION_LABELS: Record<DiscordRuleDirection, string> = {
  to_game: 'Discord → game',
  to_discord: 'Game → Discord',
  both: 'Both ways',
};

export const DIRECTION_HINTS: Record<DiscordRuleDirection, string> = {
  to_game: 'Linked members with the role are added to the group on every server',
  to_discord: 'Linked players in the group get the role',
  both: 'Either gives the other',
};

export const SYNC_CAUSE_LABELS: Record<DiscordSyncReport['cause'], string> = {
  manual: 'Sync now',
  schedule: 'Every 10 minutes',
  link: 'A player linked',
  unlink: 'A player unlinked',
};

type ChangeStatus = DiscordSyncChange['status'];

export const CHANGE_STATUS_LABELS: Record<ChangeStatus, string> = {
  pending: 'Queued',
  delivered: 'Delivered',
  succeeded: 'Succeeded',
  failed: 'Failed',
  expired: 'Expired',
  done: 'Done',
};

export const CHANGE_STATUS_TONES: Record<ChangeStatus, BadgeTone> = {
  pending: 'neutral',
  delivered: 'info',
  succeeded: 'success',
  failed: 'danger',
  expired: 'warning',
  done: 'success',
};

/**
 * One change in words: who, what and where ("Rex (rex) added to vip on EU Main"). A role is named
 * from the guild's roles when the report only has its id.
 */
export const describeChange = (change: DiscordSyncChange, roleName: (id: string) => string | undefined) => {
  const who = change.discordName || change.steamId;
  const role = change.roleName ?? (change.roleId ? (roleName(change.roleId) ?? change.roleId) : 'a role');
  const where = change.serverName ? ` on ${change.serverName}` : '';
  switch (change.kind) {
    case 'group_added':
      return `${who} added to ${change.group ?? 'a group'}${where}`;
    case 'group_removed':
      return `${who} removed from ${change.group ?? 'a group'}${where}`;
    case 'role_added':
      return `${who} given the role ${role}`;
    case 'role_removed':
      return `${who} lost the role ${role}`;
    case 'link_inactive':
      return `${who}'s link is now inactive`;
  }
};
