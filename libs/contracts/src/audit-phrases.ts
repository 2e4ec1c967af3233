// The audit log's sentences, the parts particular to one kind of entry (audit-summary.ts puts
// them together): roles, changed fields, report moves, suspicious settings, automation runs.

import type { AuditEntry } from './audit';
import type { AutomationActionType, AutomationEvent } from './automation';
import { REPORT_STATE_LABELS, type ReportState } from './reports';
import {
  SUSPICIOUS_FACTOR_LABELS,
  SUSPICIOUS_THRESHOLD_LABELS,
  type SuspiciousFactorKey,
  type SuspiciousThresholds,
} from './suspicious';
import {
  changeOf,
  listOf,
  momentOf,
  quoted,
  recordOf,
  sentences,
  serverOf,
  textOf,
  textsOf,
  wordsOf,
  type AuditSummaryContext,
} from './audit-words';

export const ROLE_NOUNS: Readonly<Record<string, string>> = {
  owner: 'the owner',
  admin: 'an admin',
  moderator: 'a moderator',
  member: 'a member',
};
/** "an admin"; null for a role the entry does not name. */
export const roleNoun = (value: unknown): string | null => ROLE_NOUNS[textOf(value) ?? ''] ?? null;

export const NETWORK_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  description: 'description',
  gradient: 'colours',
  notifications: 'notification settings',
};
export const SERVER_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  connectionAddress: 'connection address',
  gradient: 'colours',
};
export const AUTOMATION_FIELDS: Readonly<Record<string, string>> = {
  serverIds: 'servers',
  cooldownSeconds: 'cooldown',
  perPlayerCooldownSeconds: 'cooldown per player',
  enabled: 'on/off switch',
};
export const fieldsOf = (value: unknown, labels: Readonly<Record<string, string>>): string =>
  listOf(textsOf(value).map((field) => labels[field] ?? wordsOf(field)));

export const CAUSES: Readonly<Record<'schedule' | 'manual' | AutomationEvent, string>> = {
  schedule: 'on its schedule',
  manual: 'when someone pressed Run now',
  'player.joined': 'when a player joined',
  'player.left': 'when a player left',
  'chat.message': 'when a chat line matched',
  'report.received': 'when a report arrived',
  violation: 'on an AntiHack violation',
  'suspicious.score': "when a player's suspicious score crossed its threshold",
  'players.count': 'when the player count crossed its limit',
  'server.offline': 'when a server went offline',
  'server.online': 'when a server came online',
};
export const ACTION_NOUNS: Readonly<Record<AutomationActionType, string>> = {
  console: 'console command',
  broadcast: 'broadcast',
  kick: 'kick',
  warn: 'warning',
  ban: 'ban',
  alert: 'alert',
  discord: 'Discord post',
  note: 'note',
};

/** "the ban now ends on Dec 3, 2026 instead of never". */
export const endOf = (value: unknown, context: AuditSummaryContext): string => {
  const moment = momentOf(value, context);
  return moment ? `on ${moment}` : 'never';
};

export const banPlace = (entry: AuditEntry, context: AuditSummaryContext): string =>
  entry.details.scope === 'network'
    ? `on all servers of ${entry.networkName}`
    : `on ${serverOf(entry, context)}`;

export const reportAnswered = (entry: AuditEntry) =>
  textOf(entry.details.reportId) ? 'In answer to a report' : null;

export const reportState = (value: unknown): string =>
  REPORT_STATE_LABELS[textOf(value) as ReportState] ?? textOf(value) ?? 'none';

export const stateMove = (value: unknown): string | null => {
  const change = changeOf(value);
  return change ? `Moved from ${reportState(change.from)} to ${reportState(change.to)}` : null;
};

export const assigneeMove = (value: unknown): string | null => {
  const change = changeOf(value);
  if (!change) return null;
  const from = textOf(change.from);
  const to = textOf(change.to);
  if (!to) return from ? `Unassigned from ${from}` : null;
  return from ? `Reassigned from ${from} to ${to}` : `Assigned to ${to}`;
};

export const scoreNote = (entry: AuditEntry, done: string): string =>
  sentences(
    textOf(entry.details.score) ? `${done} at a score of ${textOf(entry.details.score)}` : done,
    textOf(entry.details.note) && `Note: ${quoted(textOf(entry.details.note)!)}`,
  );

/** The weights and thresholds that changed, each from and to. */
export const settingsMoves = (entry: AuditEntry): string[] => {
  const from = recordOf(entry.details.from);
  const to = recordOf(entry.details.to);
  const moves = (group: 'weights' | 'thresholds', label: (key: string) => string) => {
    const before = recordOf(from[group]);
    const after = recordOf(to[group]);
    return Object.keys(after)
      .filter((key) => textOf(before[key]) !== textOf(after[key]))
      .map((key) => `${label(key)} from ${textOf(before[key]) ?? 'none'} to ${textOf(after[key]) ?? 'none'}`);
  };
  return [
    ...moves(
      'weights',
      (key) => `the weight of ${SUSPICIOUS_FACTOR_LABELS[key as SuspiciousFactorKey] ?? wordsOf(key)}`,
    ),
    ...moves(
      'thresholds',
      (key) =>
        `the threshold ${quoted(SUSPICIOUS_THRESHOLD_LABELS[key as keyof SuspiciousThresholds] ?? wordsOf(key))}`,
    ),
  ];
};

export const automationRun = (entry: AuditEntry, context: AuditSummaryContext): string => {
  const d = entry.details;
  const cause = CAUSES[textOf(d.cause) as keyof typeof CAUSES];
  const where = textOf(d.serverId) ? `on ${serverOf(entry, context)}` : null;
  const status = textOf(d.status);
  const actions = (Array.isArray(d.actions) ? d.actions : []).map((action) => {
    const { type, status: outcome } = recordOf(action);
    const noun = ACTION_NOUNS[textOf(type) as AutomationActionType] ?? textOf(type) ?? 'action';
    return `${noun} ${textOf(outcome) ?? 'not run'}`;
  });
  const ran = ['Ran', cause, where].filter(Boolean).join(' ');
  return sentences(
    status ? `${ran}: ${status === 'running' ? 'still running' : status}` : ran,
    textOf(d.reason),
    actions.length > 0 && `Its actions: ${listOf(actions)}`,
  );
};
