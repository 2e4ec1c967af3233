import { AUDIT_ACTION_LABELS, auditDetailsText, type AuditEntry } from '@outpost/contracts';

export const AUDIT_CSV_COLUMNS = [
  'time',
  'action',
  'action_label',
  'actor_id',
  'actor',
  'target_type',
  'target_id',
  'target',
  'details',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. A
 * cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return: names and reasons are typed by players and staff) is prefixed with a single quote.
 */
export const csvCell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A moment in the details as a spreadsheet reader anywhere reads it: '2026-12-03 10:00 UTC'. */
const utc = (iso: string): string => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Server names as they are now (the details name servers by id); a missing one was deleted. */
export type ServerNames = ReadonlyMap<string, string>;

const rowOf = (entry: AuditEntry, servers: ServerNames): string[] => [
  entry.createdAt,
  entry.action,
  AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
  entry.actorId,
  entry.actorName,
  entry.targetType,
  entry.targetId,
  entry.targetName,
  auditDetailsText(entry, { serverName: (id) => servers.get(id), time: utc }),
];

/**
 * The header row and one row per entry, CRLF line ends (what spreadsheets expect); the details in
 * the sentences the Audit Log shows (auditDetailsText), times in UTC.
 */
export const auditCsv = (entries: readonly AuditEntry[], servers: ServerNames = new Map()): string =>
  [[...AUDIT_CSV_COLUMNS], ...entries.map((entry) => rowOf(entry, servers))]
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n') + '\r\n';
