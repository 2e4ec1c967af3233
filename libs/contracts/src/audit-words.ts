// The words the audit log's sentences are made of (audit-summary.ts): reading a detail that may be
// missing or of another shape (entries written by older versions), lists, quotes and full stops.

import type { AuditEntry } from './audit';

/** What the reader brings: server names as they are now, and how a moment reads. */
export type AuditSummaryContext = {
  /**
   * A server's current name, undefined once the server is deleted. Without it the names the entry
   * recorded are used, and a server it did not name reads "a server".
   */
  serverName?: (id: string) => string | undefined;
  /** A moment as the reader reads it: local time on screen, UTC in the CSV export. */
  time?: (iso: string) => string;
};

/** A detail as text: a non-empty string or a finite number, else null. */
export const textOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
};

/** A detail as a list of strings (anything else in it left out). */
export const textsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap((item) => textOf(item) ?? []) : [];

/** A detail that is an object, else an empty one. */
export const recordOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Words someone typed, set apart from the sentence around them. */
export const quoted = (value: string): string => `“${value}”`;

/** "a", "a and b", "a, b and c". */
export const listOf = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** "a camelCase field" as words: "a camel case field". */
export const wordsOf = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** A sentence: a capital first letter and a full stop, unless it ends with its own (a reason may). */
export const sentence = (text: string): string => {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const capital = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?…]["”’)]?$/.test(capital) ? capital : `${capital}.`;
};

/** The parts that apply, each a sentence, one after the other. */
export const sentences = (...parts: (string | null | false | undefined)[]): string =>
  parts
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map(sentence)
    .join(' ');

/** A typed reason, or none, as its own sentence. */
export const reasonOf = (details: Record<string, unknown>): string | null => {
  const reason = textOf(details.reason);
  return reason ? `Reason: ${reason}` : null;
};

const UNITS: Readonly<Record<string, string>> = { m: 'minute', h: 'hour', d: 'day', w: 'week' };

/** A ban's length as the API keeps it ('7d'; null or '' permanent): "for 7 days", "permanently". */
export const banLengthOf = (value: unknown): string => {
  const text = textOf(value);
  if (!text) return 'permanently';
  const match = /^(\d+)\s*([mhdw])$/i.exec(text);
  if (!match) return `for ${text}`;
  const amount = Number(match[1]);
  return `for ${amount} ${UNITS[match[2].toLowerCase()]}${amount === 1 ? '' : 's'}`;
};

/** A moment of the details in the reader's terms; the ISO text when they bring none. */
export const momentOf = (value: unknown, context: AuditSummaryContext): string | null => {
  const iso = textOf(value);
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  return context.time ? context.time(iso) : iso;
};

/**
 * The server an entry names (details.serverId, or the one given): its name now, else the name the
 * entry recorded, else "a deleted server" when the reader knows every server, "a server" otherwise.
 */
export const serverOf = (
  entry: AuditEntry,
  context: AuditSummaryContext,
  id: unknown = entry.details.serverId,
): string => {
  const serverId = textOf(id);
  const recorded =
    serverId && serverId === textOf(entry.details.serverId) ? textOf(entry.details.serverName) : null;
  if (serverId && context.serverName) return context.serverName(serverId) ?? recorded ?? 'a deleted server';
  if (!serverId && entry.targetType === 'server') return entry.targetName;
  return recorded ?? 'a server';
};

/** A {from, to} change of the details, or null when it is not one. */
export const changeOf = (value: unknown): { from: unknown; to: unknown } | null => {
  const change = recordOf(value);
  return 'from' in change || 'to' in change ? { from: change.from, to: change.to } : null;
};
