import { AUDIT_ACTION_LABELS, type AuditEntry } from '@outpost/contracts';

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

const rowOf = (entry: AuditEntry): string[] => [
  entry.createdAt,
  entry.action,
  AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
  entry.actorId,
  entry.actorName,
  entry.targetType,
  entry.targetId,
  entry.targetName,
  Object.keys(entry.details).length ? JSON.stringify(entry.details) : '',
];

/** The header row and one row per entry, CRLF line ends (what spreadsheets expect). */
export const auditCsv = (entries: readonly AuditEntry[]): string =>
  [[...AUDIT_CSV_COLUMNS], ...entries.map(rowOf)].map((row) => row.map(csvCell).join(',')).join('\r\n') +
  '\r\n';
