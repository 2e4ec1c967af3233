import type { BanScope, PunishmentItem, PunishmentKind, PunishmentState } from '@outpost/contracts';
import { formatDateTime } from '@outpost/format';
import type { BadgeTone } from '@outpost/ui';
import { timeLeftLabel } from '../../../shared/utils/time-left';

type Label = { label: string; tone: BadgeTone };

export const KIND_LABELS: Readonly<Record<PunishmentKind, Label>> = {
  kick: { label: 'Kick', tone: 'warning' },
  warn: { label: 'Warning', tone: 'info' },
  ban: { label: 'Ban', tone: 'danger' },
};

/** The kind filter's choices, plural. */
export const KIND_FILTER_LABELS: Readonly<Record<PunishmentKind, string>> = {
  ban: 'Bans',
  kick: 'Kicks',
  warn: 'Warnings',
};

export const STATE_LABELS: Readonly<Record<PunishmentState, Label>> = {
  active: { label: 'Active', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
  lifted: { label: 'Lifted', tone: 'success' },
};

/** The Expires column: a ban's end, 'Permanent' without one; kicks and warns do not expire. */
export const expiryText = ({ kind, expiresAt }: Pick<PunishmentItem, 'kind' | 'expiresAt'>): string => {
  if (kind !== 'ban') return '—';
  return expiresAt ? formatDateTime(expiresAt) : 'Permanent';
};

/** How long an active timed ban still holds, e.g. '6d 23h left'; null for any other. */
export const timeLeftText = ({
  state,
  timeLeftSeconds,
}: Pick<PunishmentItem, 'state' | 'timeLeftSeconds'>) => {
  if (state !== 'active' || timeLeftSeconds === null) return null;
  return timeLeftLabel(timeLeftSeconds);
};

/**
 * What a punishment reaches. On a server's list its own punishments are that server's; the
 * network's list names the server of each one that holds only there.
 */
export const scopeText = (
  { scope, serverName }: { scope: BanScope; serverName: string | null },
  networkView: boolean,
): string => {
  if (scope === 'network') return 'Whole network';
  return networkView ? (serverName ?? 'A deleted server') : 'This server';
};
